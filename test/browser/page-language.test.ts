/**
 * The language of a plan opened by its hash: the element's own `lang`, else its closest ancestor's (a wrapper, the
 * document's `<html lang>`), else the language its input was saved in; in the single-page app, `?lang=`. The same in
 * Chromium, Firefox and WebKit.
 */
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { describeEngines, type EngineSuite, EVERY_ENGINE, savedPlans, type TestPage } from '../support/harness.ts'

/** A word each language says on a saved card: the label of the financing cost. */
const FINANCING_COST: Partial<Record<Language, string>> = {
  es: 'Coste de la financiación',
  en: 'Financing cost',
  eu: 'Finantzaketaren kostua',
  gl: 'Custo do financiamento',
}

/** The saved plan on screen: the card's `lang` and the labels of its figures. */
async function shown(page: TestPage): Promise<{ lang: string; labels: string[] }> {
  await page.waitForInside('.fc:is([data-state=loaded],[data-state=locked])')
  await page.settled()
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    return {
      lang: root.querySelector<HTMLElement>('.fc')!.lang,
      labels: [...root.querySelectorAll('.fc-summary dt')].map((dt) => dt.textContent?.trim() ?? ''),
    }
  })
}

const expectSpoken = async (page: TestPage, language: Language) =>
  expect(await shown(page)).toMatchObject({
    lang: language,
    labels: expect.arrayContaining([FINANCING_COST[language]]),
  })

/** A host page: `html` is the markup around `<fees-calculator …>`, `{}` where it goes. */
const host = (suite: EngineSuite, htmlLang: string | null, around: string, attributes: string) =>
  suite.open('', {
    html: `<!doctype html><html${htmlLang === null ? '' : ` lang="${htmlLang}"`}><head><meta charset="utf-8">
<script type="module" src="/dist/fees-calculator.js"></script></head>
<body>${around.replace('{}', `<fees-calculator ${attributes}></fees-calculator>`)}</body></html>`,
  })

describeEngines('a plan opened by its hash, in the language of its page', EVERY_ENGINE, (suite) => {
  const saved = savedPlans(suite)

  it('a Spanish plan on a Basque page speaks Basque: the document says so, or a wrapper on a Spanish page', async () => {
    const byDocument = await host(suite, 'eu', '<main>{}</main>', `version-hash-code="${saved.es}"`)
    await expectSpoken(byDocument, 'eu')
    await byDocument.close()
    const byWrapper = await host(
      suite,
      'es',
      '<div lang="eu-ES"><section>{}</section></div>',
      `version-hash-code="${saved.es}"`,
    )
    await expectSpoken(byWrapper, 'eu')
  })

  it("the element's own lang wins over its ancestors'", async () => {
    const page = await host(suite, 'eu', '<div lang="en">{}</div>', `lang="gl" version-hash-code="${saved.es}"`)
    await expectSpoken(page, 'gl')
  })

  it('with no lang anywhere, or one it does not speak, a plan speaks the language it was saved in', async () => {
    const none = await host(suite, null, '{}', `version-hash-code="${saved.en}"`)
    await expectSpoken(none, 'en')
    await none.close()
    const unspoken = await host(suite, 'fr', '{}', `version-hash-code="${saved.es}"`)
    await expectSpoken(unspoken, 'es')
  })

  it("the single-page app: /fees/<hash>?lang=eu speaks Basque, /fees/<hash> the plan's own language", async () => {
    const asked = await suite.open(`/fees/${saved.es}?lang=eu`)
    await expectSpoken(asked, 'eu')
    expect(await asked.evaluate(() => document.documentElement.lang)).toBe('eu')
    await asked.close()
    await expectSpoken(await suite.open(`/fees/${saved.en}`), 'en')
  })
})
