import { languageOfAcceptLanguage } from 'fees-calculator/languages'
import { renderFeesCalculatorFromApi } from 'fees-calculator/server'
import { cookies, headers } from 'next/headers'
import { Calculator } from './calculator.jsx'
import { tuitionInput } from './tuition.js'

// A server component, rendered on the server for each request (it reads the request's headers): the calculator's
// card with its figures, rendered into the page's HTML, which the element takes over in the browser.
export default async function Page() {
  // The first of the browser's languages the calculator speaks ("ca-ES,ca;q=0.9,en;q=0.8" gives Catalan), else English.
  const language = languageOfAcceptLanguage((await headers()).get('accept-language'), 'en')
  // The student's token, as the portal's sign-in left it: it goes to the API with the calculation, never into the HTML.
  const token = (await cookies()).get('example-token')?.value ?? null
  // Within 300 ms, or the element without figures, which then calculates in the browser.
  const html = await renderFeesCalculatorFromApi(
    { tuitionInput: { ...tuitionInput(language), token } },
    { apiRoot: process.env.FEES_API_ROOT },
  )
  return (
    <main>
      <h1>Pay your tuition in monthly fees</h1>
      <Calculator html={html} language={language} />
    </main>
  )
}
