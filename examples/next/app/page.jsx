import { languageOfAcceptLanguage } from 'fees-calculator/languages'
import { headers } from 'next/headers'
import { Calculator } from './calculator.jsx'

// A server component, rendered on the server for each request (it reads the request's headers), with the
// calculator as a client component inside.
export default async function Page() {
  // The first of the browser's languages the calculator speaks ("ca-ES,ca;q=0.9,en;q=0.8" gives Catalan), else English.
  const language = languageOfAcceptLanguage((await headers()).get('accept-language'), 'en')
  return (
    <main>
      <h1>Pay your tuition in monthly fees</h1>
      <Calculator language={language} />
    </main>
  )
}
