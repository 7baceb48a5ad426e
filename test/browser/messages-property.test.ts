/**
 * The university's own words (`messages`), in Chromium, Firefox and WebKit: given as an attribute they show in
 * their language from the first figures, a language they leave out speaks the widget's words, a new value set as a
 * property changes them on screen, and a name the widget does not know is said once in the console.
 */
import { expect, it } from 'vitest'
import { WAIT_TIMEOUT_MS } from '../support/drivers.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type EngineSuite, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** A Spanish page with the calculator, its input and `messages` as attributes. */
async function open(suite: EngineSuite, messages: object): Promise<TestPage> {
  const input = tuitionInput({ token: await suite.demo.token(), language: 'es', dateOfPayment: '2030-01-05' })
  const page = await suite.open('', {
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>matrícula</title><link rel="icon" href="data:,">
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator tuition-input='${JSON.stringify(input)}' messages='${JSON.stringify(messages)}'></fees-calculator></body></html>`,
  })
  await page.loaded()
  return page
}

/** What the card says where a university may put its own words, and a legal term's label beside them. */
const words = (page: TestPage) =>
  page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const text = (selector: string) => root.querySelector(selector)?.textContent?.trim()
    return {
      lang: root.querySelector<HTMLElement>('.fc')!.lang,
      save: text('[part=save-button]'),
      labels: [...root.querySelectorAll('.fc-summary dt')].map((dt) => dt.textContent?.trim()),
      card: root.querySelector('.fc')!.textContent,
    }
  })

/** Sets a property of the element, as a host's script does: a change of input is the input given again with it. */
const setProperty = (page: TestPage, name: string, value: unknown) =>
  name === 'tuitionInput'
    ? page.changeInput(value as Record<string, unknown>)
    : page.evaluate(
        (n, v) => {
          ;(document.querySelector('fees-calculator') as unknown as Record<string, unknown>)[n] = v
        },
        name,
        value,
      )

/** The widget's warnings about `messages` on the console. */
const warnings = async (page: TestPage) =>
  (await page.console()).filter((line) => line.startsWith('warning: ') && line.includes('fees-calculator: messages'))

describeEngines("the university's own words", EVERY_ENGINE, (suite) => {
  it('shows them in their language, the widget’s own in a language they leave out, and new ones set later', async () => {
    const page = await open(suite, { es: { tuitionLabel: 'Importe de las tasas', save: 'GUARDAR PLAN' } })
    const shown = await words(page)
    expect(shown).toMatchObject({
      lang: 'es',
      save: 'GUARDAR PLAN',
      labels: expect.arrayContaining(['Importe de las tasas']),
    })
    expect(shown.labels).not.toContain('Importe de la matrícula')
    // The legal terms stay the widget's.
    expect(shown.card).toMatch(/TIN.*TAE/)
    await page.screenshot(`${suite.engine}-messages-property-es`)

    // Catalan: they gave none, so the card speaks the widget's Catalan.
    await setProperty(page, 'tuitionInput', { language: 'ca' })
    await expect.poll(() => words(page), { timeout: WAIT_TIMEOUT_MS }).toMatchObject({ lang: 'ca', save: 'DESA' })

    // New words at run time: on screen at once; the Spanish they no longer hold go back to the widget's.
    await setProperty(page, 'messages', { ca: { save: 'DESA EL PLA' } })
    await expect.poll(async () => (await words(page)).save, { timeout: WAIT_TIMEOUT_MS }).toBe('DESA EL PLA')
    await setProperty(page, 'tuitionInput', { language: 'es' })
    await expect.poll(() => words(page), { timeout: WAIT_TIMEOUT_MS }).toMatchObject({ lang: 'es', save: 'GUARDAR' })
    expect((await words(page)).labels).toContain('Importe de la matrícula')
    expect(await warnings(page)).toEqual([])
  })

  it('says once on the console that a name is unknown, naming it, and shows the rest', async () => {
    const page = await open(suite, { es: { sav: 'GUARDAR PLAN', save: 'GUARDAR PLAN' } })
    expect((await words(page)).save).toBe('GUARDAR PLAN')
    await setProperty(page, 'messages', { es: { sav: 'CONFIRMAR', save: 'CONFIRMAR' }, en: { sav: 'KEEP' } })
    await expect.poll(async () => (await words(page)).save, { timeout: WAIT_TIMEOUT_MS }).toBe('CONFIRMAR')
    const warned = await warnings(page)
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatch(/^warning: fees-calculator: messages: unknown id "sav" \(it knows title, intro, /)
  })
})
