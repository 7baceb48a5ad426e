export const metadata = { title: 'fees-calculator in Next.js' }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
