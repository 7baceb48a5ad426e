import { Calculator } from './calculator.jsx'

// A server component: rendered on the server, with the calculator as a client component inside.
export default function Page() {
  return (
    <main>
      <h1>Pay your tuition in monthly fees</h1>
      <Calculator />
    </main>
  )
}
