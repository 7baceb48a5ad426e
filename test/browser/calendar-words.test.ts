/**
 * The calendar's words in each of the six languages, in Chromium, Firefox and WebKit: what a screen reader reads for a
 * day (its weekday and full date, in the language's grammar, after "Choose"), the month's caption and the name of its
 * grid of days, and the navigation buttons' names, written out here by hand for October 2030 (a month whose name
 * begins with a vowel: Catalan's "d'octubre"; Basque's "2030eko", said "bi mila eta hogeita hamar") and the month
 * after it. The visible day numbers are words of their names in every language (axe's Label in Name, with the rest
 * of WCAG AA). docs/glossary.md gives each grammar's source.
 */
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { expectAxeClean } from '../support/axe.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** The first payment date the calendar opens on. */
const FIRST_PAYMENT = '2030-10-01'

interface CalendarWords {
  /** The names of days 1, 11, 21 and 31 of October 2030. */
  days: [string, string, string, string]
  caption: string
  /** The caption once the next month's button is pressed. */
  nextCaption: string
  previous: string
  next: string
}

const WORDS: Record<Language, CalendarWords> = {
  es: {
    days: [
      'Elegir martes, 1 de octubre de 2030',
      'Elegir viernes, 11 de octubre de 2030',
      'Elegir lunes, 21 de octubre de 2030',
      'Elegir jueves, 31 de octubre de 2030',
    ],
    caption: 'octubre de 2030',
    nextCaption: 'noviembre de 2030',
    previous: 'Mes anterior',
    next: 'Mes siguiente',
  },
  en: {
    days: [
      'Choose Tuesday, 1 October 2030',
      'Choose Friday, 11 October 2030',
      'Choose Monday, 21 October 2030',
      'Choose Thursday, 31 October 2030',
    ],
    caption: 'October 2030',
    nextCaption: 'November 2030',
    previous: 'Previous month',
    next: 'Next month',
  },
  ca: {
    days: [
      "Tria dimarts, 1 d'octubre de 2030",
      "Tria divendres, 11 d'octubre de 2030",
      "Tria dilluns, 21 d'octubre de 2030",
      "Tria dijous, 31 d'octubre de 2030",
    ],
    caption: 'octubre de 2030',
    nextCaption: 'novembre de 2030',
    previous: 'Mes anterior',
    next: 'Mes següent',
  },
  eu: {
    days: [
      'Aukeratu asteartea, 2030eko urriak 1',
      'Aukeratu ostirala, 2030eko urriak 11',
      'Aukeratu astelehena, 2030eko urriak 21',
      'Aukeratu osteguna, 2030eko urriak 31',
    ],
    caption: '2030eko urria',
    nextCaption: '2030eko azaroa',
    previous: 'Aurreko hilabetea',
    next: 'Hurrengo hilabetea',
  },
  gl: {
    days: [
      'Escoller martes, 1 de outubro de 2030',
      'Escoller venres, 11 de outubro de 2030',
      'Escoller luns, 21 de outubro de 2030',
      'Escoller xoves, 31 de outubro de 2030',
    ],
    caption: 'outubro de 2030',
    nextCaption: 'novembro de 2030',
    previous: 'Mes anterior',
    next: 'Mes seguinte',
  },
  pt: {
    days: [
      'Escolher terça-feira, 1 de outubro de 2030',
      'Escolher sexta-feira, 11 de outubro de 2030',
      'Escolher segunda-feira, 21 de outubro de 2030',
      'Escolher quinta-feira, 31 de outubro de 2030',
    ],
    caption: 'outubro de 2030',
    nextCaption: 'novembro de 2030',
    previous: 'Mês anterior',
    next: 'Mês seguinte',
  },
}

/** What the open calendar says: its days' names, its caption, its grid's name and its buttons' names. */
function calendarOf(page: TestPage) {
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const name = (selector: string) => root.querySelector(selector)?.getAttribute('aria-label') ?? null
    const day = (n: number) =>
      name(`.react-datepicker__day--${String(n).padStart(3, '0')}:not(.react-datepicker__day--outside-month)`)
    return {
      days: [day(1), day(11), day(21), day(31)],
      caption: root.querySelector('.react-datepicker__current-month')?.textContent ?? null,
      grid: name('.react-datepicker__month[role=rowgroup]'),
      previous: name('.react-datepicker__navigation--previous'),
      next: name('.react-datepicker__navigation--next'),
    }
  })
}

describeEngines("the calendar's words in each language", EVERY_ENGINE, (suite) => {
  it.each(Object.keys(WORDS) as Language[])(
    "%s: each day's name, the caption and the buttons, by the language's grammar, axe-clean",
    async (language) => {
      const want = WORDS[language]
      const page = await suite.open(`/demo/portal.html?lang=${language}`)
      await page.event('calculationResultReceivedEvent')
      await page.changeInput({ dateOfPayment: FIRST_PAYMENT })
      expect((await page.event('calculationResultReceivedEvent', 2)).firstPaymentDate).toBe(FIRST_PAYMENT)
      await page.settled()
      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside(`.react-datepicker[lang=${language}] .react-datepicker__day--selected`)

      expect(await calendarOf(page)).toEqual({
        days: want.days,
        caption: want.caption,
        grid: want.caption,
        previous: want.previous,
        next: want.next,
      })
      await expectAxeClean(page, `${language}, the calendar open`)
      await page.screenshot(`${suite.engine}-calendar-${language}`)

      await page.click('.react-datepicker__navigation--next')
      await page.waitFor(
        'the next month',
        (caption) =>
          document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.react-datepicker__current-month')
            ?.textContent === caption,
        want.nextCaption,
      )
      expect((await calendarOf(page)).grid).toBe(want.nextCaption)
    },
  )
})
