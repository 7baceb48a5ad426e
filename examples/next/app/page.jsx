import { headers } from 'next/headers'
import { Calculator } from './calculator.jsx'

const LANGUAGES = ['es', 'en', 'ca', 'eu', 'gl', 'pt']

/** The first of the browser's languages the calculator speaks (Accept-Language: "ca-ES,ca;q=0.9,en;q=0.8"), else English. */
function languageOf(acceptLanguage) {
  const tags = acceptLanguage.split(',').map((entry) => entry.split(';')[0].trim().slice(0, 2).toLowerCase())
  return tags.find((tag) => LANGUAGES.includes(tag)) ?? 'en'
}

// A server component, rendered on the server for each request (it reads the request's headers), with the
// calculator as a client component inside.
export default async function Page() {
  const language = languageOf((await headers()).get('accept-language') ?? '')
  return (
    <main>
      <h1>Pay your tuition in monthly fees</h1>
      <Calculator language={language} />
    </main>
  )
}
