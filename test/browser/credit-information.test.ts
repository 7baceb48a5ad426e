/**
 * The standard European consumer credit information, in Chromium, Firefox and WebKit: a plan with interest offers
 * it beside the plan's PDF, filled from the card's figures and schedule and from the host's lender (what the host
 * did not give marked to be completed), with the last day to withdraw; an interest-free plan says it is one and
 * offers no form. The reference server lends at 5.95 % for financing and, for this suite, at 0 % for refinancing.
 */
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { expectAxeClean } from '../support/axe.ts'
import { CREDIT_INFORMATION_HEADINGS } from '../support/credit-information.ts'
import { keepPdf } from '../support/downloads.ts'
import { shortDate } from '../support/formats.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** Each space as one, lines joined: a sentence the PDF wrapped reads whole, a figure's no-break space as a space. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim()

/** The card's figures and its schedule's rows (shown once the form asked for it), as the student reads them. */
async function cardOf(page: TestPage) {
  const figure = async (name: string) => flat((await page.text(`[data-figure=${name}]`)) ?? '')
  await page.waitForInside('[part=schedule] tbody tr')
  const rows = await page.evaluate(() =>
    [...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[part=schedule] tbody tr')].map(
      (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
    ),
  )
  return {
    fee: await figure('feeAmount'),
    interests: await figure('interests'),
    total: await figure('finalFee'),
    tin: await figure('tin'),
    tae: await figure('tae'),
    rows: rows.map((cells) => flat(cells.join(' '))),
  }
}

/** Whether the page has warned on the console with a line matching `pattern`. */
const warned = async (page: TestPage, pattern: RegExp) =>
  (await page.console()).some((line) => line.startsWith('warning: ') && pattern.test(line))

/** The day the information is given (UTC, as the API dates the drawdown) and the last day to withdraw. */
function days(language: Language) {
  const today = new Date().toISOString().slice(0, 10)
  const last = new Date(`${today}T00:00:00Z`)
  last.setUTCDate(last.getUTCDate() + 14)
  return { given: shortDate(language, today), lastDay: shortDate(language, last.toISOString().slice(0, 10)) }
}

describeEngines(
  'the standard European consumer credit information',
  EVERY_ENGINE,
  (suite) => {
    it("a plan with interest offers it: the card's figures and schedule, the host's lender, the rest to be completed", async () => {
      const page = await suite.open('/demo/portal.html?lang=es')
      await page.loaded()
      await page.evaluate(() => {
        const element = document.querySelector('fees-calculator') as HTMLElement & { lender?: unknown }
        element.lender = { name: 'Universidad Demo', contact: { email: 'financiacion@demo.example' } }
      })
      await page.waitForInside('[part=downloads] [data-download=credit-information]')
      // The button names the form as the law and the form's title do.
      expect(await page.text('[data-download=credit-information]')).toBe(
        'Información normalizada europea sobre el crédito al consumo (PDF)',
      )
      // A malformed attribute afterwards is refused with a warning: the lender given before stays.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => {
              document.querySelector('fees-calculator')!.setAttribute('lender', '{"name": "Otra"')
              resolve()
            }),
          ),
      )
      await expect.poll(() => warned(page, /lender refused.*not JSON/)).toBe(true)
      await page.waitForInside('[part=downloads] [data-download=credit-information]')
      expect(await page.text('[data-note=interest-free]')).toBeNull()
      await page.calendarReady()
      // Pressed before the schedule was asked for: the schedule is fetched first, and shows.
      await page.click('[data-download=credit-information]')
      const [file] = await page.downloaded(1)
      const card = await cardOf(page)
      expect(file!.type).toBe('application/pdf')
      expect(file!.name).toBe(`credit-information-C-2026-0001-${new Date().toISOString().slice(0, 10)}.pdf`)
      expect(await page.event('planDownloadEvent')).toEqual({
        kind: 'credit-information',
        fileName: file!.name,
        contractId: 'C-2026-0001',
        versionNumber: null,
        versionHashCode: null,
      })
      const { text } = keepPdf(file!.bytes, `${suite.engine}-credit-information-es`)
      const read = flat(text)
      for (const heading of CREDIT_INFORMATION_HEADINGS.es) expect(read).toContain(heading)
      expect(read).toContain(`Tasa anual equivalente (TAE) ${card.tae}`)
      expect(read).toContain(`Tipo deudor (TIN) ${card.tin}, fijo`)
      expect(read).toContain(`Importe total que deberás pagar ${card.total}`)
      expect(read).toContain(`Coste total del crédito ${card.interests}`)
      expect(card.rows.length).toBeGreaterThan(0)
      expect(read).toContain(`Deberás pagar ${card.rows.length} cuotas mensuales de ${card.fee}`)
      for (const row of card.rows) expect(read).toContain(row)
      const { given, lastDay } = days('es')
      expect(read).toContain(`el último día para desistir es el ${lastDay}`)
      expect(read).toContain(`Esta información es válida desde el ${given} hasta el ${given}`)
      // The lender the property gave, not the malformed attribute's; the rest is to be completed.
      expect(read).toContain('Prestamista Universidad Demo')
      expect(read).not.toContain('Otra')
      expect(read).toContain('Dirección de correo electrónico financiacion@demo.example')
      for (const row of ['Dirección', 'Número de teléfono', 'Dirección de página web', 'Registro'])
        expect(read).toContain(`${row} [pendiente de completar]`)
      expect(read).toContain('Costes en caso de pagos atrasados [pendiente de completar]')
    })

    it('in Basque, with the lender as a JSON attribute, its terms and formats', async () => {
      const page = await suite.open('/demo/portal.html?lang=eu')
      await page.evaluate(() =>
        document.querySelector('fees-calculator')!.setAttribute(
          'lender',
          JSON.stringify({
            name: 'Unibertsitate Demo',
            latePaymentCost: { eu: 'Berandutze-interesa: ITN + 2 puntu' },
          }),
        ),
      )
      await page.loaded()
      await page.waitForInside('[part=downloads] [data-download=credit-information]')
      expect(await page.text('[data-download=credit-information]')).toBe(
        'Kontsumorako kredituari buruzko Europako informazio normalizatua (PDF)',
      )
      // The calendar's chunk swaps its stand-in in when it lands: a press is made after, not across it.
      await page.calendarReady()
      await page.click('[data-download=credit-information]')
      const [file] = await page.downloaded(1)
      const card = await cardOf(page)
      const { text } = keepPdf(file!.bytes, `${suite.engine}-credit-information-eu`)
      const read = flat(text)
      expect(read).toContain('Kontsumorako kredituari buruzko Europako informazio normalizatua')
      expect(read).toContain(`Urteko tasa baliokidea (UTB) ${card.tae}`)
      expect(read).toContain(`Zordun-tasa (ITN) ${card.tin}`)
      expect(read).toContain(
        `kredituaren kostu osoa ${card.interests} da, eta ordaindu beharko duzun zenbateko osoa ${card.total}`,
      )
      for (const row of card.rows) expect(read).toContain(row)
      expect(read).toContain(`atzera egiteko azken eguna ${days('eu').lastDay} da`)
      expect(read).toContain('Mailegu-emailea Unibertsitate Demo')
      expect(read).toContain('Ordainketak berandutzeagatiko kostuak Berandutze-interesa: ITN + 2 puntu')
      expect(read).toContain('Helbidea [osatzeko]')
      await expectAxeClean(page, 'the credit information offered, in Basque')
      await page.screenshot(`${suite.engine}-credit-information-eu-card`)
    })

    it.each<[Language, string]>([
      ['es', 'Plan sin intereses: solo pagas el importe, en cuotas, sin coste de financiación.'],
      ['pt', 'Plano sem juros: paga apenas o montante, em prestações, sem custo de financiamento.'],
    ])('an interest-free plan says so in %s and offers no form', async (language, sentence) => {
      const page = await suite.open(`/demo/portal.html?lang=${language}&type=1`, { width: 375 })
      await page.loaded()
      await page.waitForInside('[data-note=interest-free]')
      expect(await page.text('[data-note=interest-free]')).toBe(sentence)
      expect(await page.text('[data-figure=interests]')).toMatch(/^0[,.]00/)
      expect(
        await page.evaluate(
          () =>
            !!document
              .querySelector('fees-calculator')!
              .shadowRoot!.querySelector('[data-download=credit-information]'),
        ),
      ).toBe(false)
      expect(await page.text('[data-download=pdf]')).not.toBeNull()
      await expectAxeClean(page, `an interest-free plan in ${language}`)
      await page.screenshot(`${suite.engine}-interest-free-${language}-375`)
    })
  },
  { env: { FEES_TIN_REFINANCING: '0' } },
)
