/** @type {import('next').NextConfig} */
const nextConfig = {
  // Served by `next start` under /next, as a portal mounts an app on a path of its own origin.
  basePath: '/next',
}

export default nextConfig
