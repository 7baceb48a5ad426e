/**
 * The six languages in Chromium, Firefox and WebKit: the figures in each
 * language's own formats, the same in every engine whatever its Intl data
 * (test/support/formats.ts writes them out by hand), the card's words, the
 * calendar's month and day names and its first day of the week (date-fns's
 * locale), a message on the card (a refused amount), the status of a save and
 * the schedule with its dated rows, all in the language of the input, the
 * card's root carrying its `lang`, and axe finding nothing. A page error or
 * console error fails the test (describeEngines).
 */
import { format } from 'date-fns'
import { ca } from 'date-fns/locale/ca'
import { enGB } from 'date-fns/locale/en-GB'
import { es } from 'date-fns/locale/es'
import { eu } from 'date-fns/locale/eu'
import { gl } from 'date-fns/locale/gl'
import { pt } from 'date-fns/locale/pt'
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { describeEngines, type TestPage } from '../support/engines.ts'
import { euros, fieldDate, percent, shortDate } from '../support/formats.ts'
import { expectAxeClean } from './axe.ts'

/** What each language must show: its calendar's locale, and words the card says. */
const LANGUAGE_CASES: Record<
  Language,
  { dates: typeof es; monthly: string; save: string; saved: string; refused: string; fee: string }
> = {
  es: {
    dates: es,
    monthly: 'Mensual',
    save: 'GUARDAR',
    saved: 'Plan guardado',
    refused: 'Introduce un importe en cifras, por ejemplo 6000 o 6000,50',
    fee: 'Cuota',
  },
  en: {
    dates: enGB,
    monthly: 'Monthly',
    save: 'SAVE',
    saved: 'Plan saved',
    refused: 'Enter an amount in figures, such as 6000 or 6000.50',
    fee: 'Fee',
  },
  ca: {
    dates: ca,
    monthly: 'Mensual',
    save: 'DESA',
    saved: 'Pla desat',
    refused: 'Escriu un import en xifres, per exemple 6000 o 6000,50',
    fee: 'Quota',
  },
  eu: {
    dates: eu,
    monthly: 'Hilekoa',
    save: 'GORDE',
    saved: 'Plana gorde da',
    refused: 'Idatzi zenbatekoa zifratan, adibidez 6000 edo 6000,50',
    fee: 'Kuota',
  },
  gl: {
    dates: gl,
    monthly: 'Mensual',
    save: 'GARDAR',
    saved: 'Plan gardado',
    refused: 'Escribe un importe en cifras, por exemplo 6000 ou 6000,50',
    fee: 'Cota',
  },
  pt: {
    dates: pt,
    monthly: 'Mensal',
    save: 'GUARDAR',
    saved: 'Plano guardado',
    refused: 'Introduza um montante em algarismos, por exemplo 6000 ou 6000,50',
    fee: 'Prestação',
  },
}

const inside = (page: TestPage, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll(s)].map(
        (el) => el.textContent?.trim() ?? '',
      ),
    selector,
  )

describeEngines('<fees-calculator> in each of its languages', (suite) => {
  it.each(Object.keys(LANGUAGE_CASES) as Language[])(
    '%s: figures, calendar, a message on the card, a save and its schedule, in its words and formats',
    async (language) => {
      const want = LANGUAGE_CASES[language]
      const page = await suite.open(`/demo/portal.html?lang=${language}`)
      const result = await page.event('calculationResultReceivedEvent')
      await page.loaded()
      expect(
        await page.evaluate(
          () => document.querySelector('fees-calculator')!.shadowRoot!.querySelector<HTMLElement>('.fc')!.lang,
        ),
      ).toBe(language)
      expect(result.currency).toBe('EUR')
      expect(await page.text('[data-figure=feeAmount]')).toBe(euros(language, result.feeAmount))
      expect(await page.text('[data-figure=finalFee]')).toBe(euros(language, result.finalFee))
      expect(await page.text('[data-figure=tin]')).toBe(percent(language, result.tin))
      expect(await page.text('[data-figure=tae]')).toBe(percent(language, result.tae))
      expect(await page.text('button[part=date]')).toBe(fieldDate(language, result.firstPaymentDate))
      expect(await page.text('.fc-chip')).toBe(want.monthly)
      expect(await page.text('[part=save-button]')).toBe(want.save)
      await expectAxeClean(page, `${language}, editable`)

      // A message on the card: an amount in words is refused at its field, in the language.
      await page.click('input[data-figure=initialAmount]')
      await page.type('seis mil')
      await page.press('Enter')
      await page.waitForInside('.fc-field-error')
      expect(await page.text('.fc-field-error')).toContain(want.refused)
      await page.press('Escape')
      await page.settled()

      // The calendar: the month of the first payment and Monday first, by the language's date-fns locale.
      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside('.react-datepicker__day--selected')
      const first = new Date(`${result.firstPaymentDate}T12:00:00`)
      expect(await page.text('.react-datepicker__current-month')).toBe(
        format(first, 'LLLL yyyy', { locale: want.dates }),
      )
      // The first column is the locale's first day of the week (Monday; Sunday in Portugal), its name for screen
      // readers then its short form.
      const firstDay = new Date(2030, 0, 6 + (want.dates.options?.weekStartsOn ?? 0), 12)
      expect((await inside(page, '.react-datepicker__day-name'))[0]).toBe(
        format(firstDay, 'EEEE', { locale: want.dates }) + format(firstDay, 'EEEEEE', { locale: want.dates }),
      )
      await page.press('Escape')
      await page.waitForGone('.react-datepicker')

      // A save: its status and the schedule, its headings and dated rows in the language's formats.
      await page.click('[part=save-button]')
      const saved = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[part=schedule] tbody tr')
      expect(await page.text('.fc-saved')).toBe(want.saved)
      const row = saved.fees[0]
      const cells = await inside(page, '[part=schedule] tbody tr:first-child td')
      expect(cells.slice(1, 3)).toEqual([shortDate(language, row.dueDate), euros(language, row.fee)])
      expect(cells[5]).toBe(euros(language, row.balance))
      expect(await inside(page, '[part=schedule] th')).toContain(want.fee)
      await expectAxeClean(page, `${language}, saved`)
      await page.screenshot(`${suite.engine}-saved-${language}`)
    },
  )
})
