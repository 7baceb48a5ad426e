/**
 * The plan as a student of each language reads it on a phone (375 px) in Chromium, Firefox and WebKit: the card,
 * the schedule and the PDF the card offers, each with the terms that language's banks print and the figures in
 * that language's own formats, the same in every engine (test/support/formats.ts writes them out by hand). The
 * screenshots and each PDF with its first page as PNG are kept in test-results/screens to look at.
 */
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { keepPdf } from '../support/downloads.ts'
import { euros, percent, shortDate } from '../support/formats.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/**
 * The rates' names on the card and in the PDF (the nominal rate's, then the APR's), and words of the PDF's summary:
 * as each country's banks print them.
 */
const TERMS: Record<Language, { rates: [string, string]; pdf: string[] }> = {
  es: { rates: ['TIN', 'TAE'], pdf: ['Cuota mensual', 'Coste de la financiación', 'N.º', 'Cuadro de amortización'] },
  en: { rates: ['Nominal rate (TIN)', 'APR (TAE)'], pdf: ['Monthly fee', 'Financing cost', 'No.'] },
  ca: { rates: ['TIN', 'TAE'], pdf: ['Quota mensual', 'Cost del finançament', "Quadre d'amortització"] },
  eu: {
    rates: ['ITN', 'UTB'],
    pdf: ['Hileko kuota', 'Finantzatu beharreko zenbatekoa', 'Ordaindu beharreko guztizkoa', 'hileko 12 kuota'],
  },
  gl: { rates: ['TIN', 'TAE'], pdf: ['Cota mensual', 'Custo do financiamento', 'Cadro de amortización'] },
  pt: { rates: ['TAN', 'TAEG'], pdf: ['Prestação mensal', 'Número de prestações', 'Quadro de amortização'] },
}

const inside = (page: TestPage, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll(s)].map(
        (element) => element.textContent?.trim() ?? '',
      ),
    selector,
  )

describeEngines('each language as its banks write it, at 375 px', EVERY_ENGINE, (suite) => {
  it.each(Object.keys(TERMS) as Language[])(
    '%s: the card, its schedule and its PDF in its terms and formats',
    async (language) => {
      const terms = TERMS[language]
      const page = await suite.open(`/demo/portal.html?lang=${language}`, { width: 375, height: 800 })
      const result = await page.event('calculationResultReceivedEvent')
      await page.loaded()
      expect(await inside(page, '[part=rates] abbr')).toEqual(terms.rates)
      expect(await page.text('[data-figure=tin]')).toBe(percent(language, result.tin))
      // The plan's files are offered before the schedule is asked for.
      await page.waitForInside('[part=downloads] [data-download=pdf]')
      expect(
        await page.evaluate(
          () => !!document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=schedule]'),
        ),
      ).toBe(false)
      await page.screenshot(`${suite.engine}-375-${language}-card`)

      await page.click('[part=save-button]')
      const table = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[part=schedule] tbody tr')
      await page.waitForInside('[part=downloads] [data-download=ics]')
      await page.screenshot(`${suite.engine}-375-${language}-schedule`)

      await page.click('[data-download=pdf]')
      const [pdf] = await page.downloaded(1)
      expect(pdf!.name).toBe(`plan-C-2026-0001-v${table.versionNumber}.pdf`)
      const { text } = keepPdf(pdf!.bytes, `${suite.engine}-${language}-plan`)
      const spaced = (figure: string) => figure.replace(/[\u00a0\u202f]/g, ' ')
      for (const word of [terms.rates[0].replace(/.*\((.*)\)/, '$1'), ...terms.pdf]) expect(text).toContain(word)
      for (const figure of [
        euros(language, result.feeAmount),
        euros(language, result.finalFee),
        percent(language, result.tin),
        percent(language, result.tae),
        shortDate(language, table.fees[0].dueDate),
        euros(language, table.fees[0].balance),
      ])
        expect(text).toContain(spaced(figure))
      expect(text).not.toMatch(/Simula/i)
    },
  )
})
