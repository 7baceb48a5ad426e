/** @type {import('next').NextConfig} */
const nextConfig = {
  // Pre-rendered at build time into static files: the page's HTML is React's server rendering, hydrated in the browser.
  output: 'export',
  trailingSlash: true,
}

export default nextConfig
