import { format, type Locale } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '../../domain/language.ts'
import { loadDateLocale } from './date-locales.ts'

/** The dates every language is read out on: the years 2025 to 2031, days 1, 11, 21 and 31, months with a vowel first. */
const DATES = ['2025-01-01', '2026-11-30', '2027-04-11', '2028-08-21', '2029-10-31', '2030-12-01', '2031-01-11']

/** Each date's name, as a screen reader reads it after "Choose", and its month's caption, written out by hand. */
const EXPECTED: Record<Language, { days: string[]; months: string[] }> = {
  es: {
    days: [
      'miércoles, 1 de enero de 2025',
      'lunes, 30 de noviembre de 2026',
      'domingo, 11 de abril de 2027',
      'lunes, 21 de agosto de 2028',
      'miércoles, 31 de octubre de 2029',
      'domingo, 1 de diciembre de 2030',
      'sábado, 11 de enero de 2031',
    ],
    months: [
      'enero de 2025',
      'noviembre de 2026',
      'abril de 2027',
      'agosto de 2028',
      'octubre de 2029',
      'diciembre de 2030',
      'enero de 2031',
    ],
  },
  en: {
    days: [
      'Wednesday, 1 January 2025',
      'Monday, 30 November 2026',
      'Sunday, 11 April 2027',
      'Monday, 21 August 2028',
      'Wednesday, 31 October 2029',
      'Sunday, 1 December 2030',
      'Saturday, 11 January 2031',
    ],
    months: [
      'January 2025',
      'November 2026',
      'April 2027',
      'August 2028',
      'October 2029',
      'December 2030',
      'January 2031',
    ],
  },
  ca: {
    days: [
      'dimecres, 1 de gener de 2025',
      'dilluns, 30 de novembre de 2026',
      "diumenge, 11 d'abril de 2027",
      "dilluns, 21 d'agost de 2028",
      "dimecres, 31 d'octubre de 2029",
      'diumenge, 1 de desembre de 2030',
      'dissabte, 11 de gener de 2031',
    ],
    months: [
      'gener de 2025',
      'novembre de 2026',
      'abril de 2027',
      'agost de 2028',
      'octubre de 2029',
      'desembre de 2030',
      'gener de 2031',
    ],
  },
  eu: {
    days: [
      'asteazkena, 2025eko urtarrilak 1',
      'astelehena, 2026ko azaroak 30',
      'igandea, 2027ko apirilak 11',
      'astelehena, 2028ko abuztuak 21',
      'asteazkena, 2029ko urriak 31',
      'igandea, 2030eko abenduak 1',
      'larunbata, 2031ko urtarrilak 11',
    ],
    months: [
      '2025eko urtarrila',
      '2026ko azaroa',
      '2027ko apirila',
      '2028ko abuztua',
      '2029ko urria',
      '2030eko abendua',
      '2031ko urtarrila',
    ],
  },
  gl: {
    days: [
      'mércores, 1 de xaneiro de 2025',
      'luns, 30 de novembro de 2026',
      'domingo, 11 de abril de 2027',
      'luns, 21 de agosto de 2028',
      'mércores, 31 de outubro de 2029',
      'domingo, 1 de decembro de 2030',
      'sábado, 11 de xaneiro de 2031',
    ],
    months: [
      'xaneiro de 2025',
      'novembro de 2026',
      'abril de 2027',
      'agosto de 2028',
      'outubro de 2029',
      'decembro de 2030',
      'xaneiro de 2031',
    ],
  },
  pt: {
    days: [
      'quarta-feira, 1 de janeiro de 2025',
      'segunda-feira, 30 de novembro de 2026',
      'domingo, 11 de abril de 2027',
      'segunda-feira, 21 de agosto de 2028',
      'quarta-feira, 31 de outubro de 2029',
      'domingo, 1 de dezembro de 2030',
      'sábado, 11 de janeiro de 2031',
    ],
    months: [
      'janeiro de 2025',
      'novembro de 2026',
      'abril de 2027',
      'agosto de 2028',
      'outubro de 2029',
      'dezembro de 2030',
      'janeiro de 2031',
    ],
  },
}

/** A calendar day at noon, as react-datepicker holds it. */
const dayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00`)

/** Formats as react-datepicker does: the same call, the same options. */
const asTheCalendar = (date: Date, pattern: string, locale: Locale) =>
  format(date, pattern, { locale, useAdditionalWeekYearTokens: true, useAdditionalDayOfYearTokens: true })

describe("the calendar's words, by each language's grammar", () => {
  it.each(LANGUAGES)(
    "%s: a day's name (its PPPP), its month's caption (LLLL yyyy) and its grid's name",
    async (language) => {
      const locale = await loadDateLocale(language)
      const dates = DATES.map(dayOf)
      expect(dates.map((date) => asTheCalendar(date, 'PPPP', locale))).toEqual(EXPECTED[language].days)
      expect(dates.map((date) => asTheCalendar(date, 'LLLL yyyy', locale))).toEqual(EXPECTED[language].months)
      expect(dates.map((date) => asTheCalendar(date, 'MMMM, yyyy', locale))).toEqual(EXPECTED[language].months)
    },
  )

  it.each(LANGUAGES)('%s: keeps the visible day number as a word of its name (Label in Name)', async (language) => {
    const locale = await loadDateLocale(language)
    for (const date of DATES.map(dayOf)) {
      const words = asTheCalendar(date, 'PPPP', locale).split(/[\s,]+/)
      expect(words, asTheCalendar(date, 'PPPP', locale)).toContain(String(date.getDate()))
    }
  })

  it('writes -eko after a Basque year said with a consonant at its end, -ko after a vowel', async () => {
    const locale = await loadDateLocale('eu')
    const caption = (year: number) => asTheCalendar(new Date(year, 0, 15, 12), 'LLLL yyyy', locale)
    // bi mila (2000), bat (1), hamar (10), hamaika (11), hamabost (15), hogei (20), hogeita bat (21), berrogei (40),
    // berrogeita hamar (50), laurogeita hemeretzi (99), laurogeita hamabost (95), ehun (2100), bederatziehun (1900).
    expect(
      [2000, 2001, 2010, 2011, 2015, 2020, 2021, 2040, 2050, 2099, 2095, 2100, 1900].map((year) => caption(year)),
    ).toEqual([
      '2000ko urtarrila',
      '2001eko urtarrila',
      '2010eko urtarrila',
      '2011ko urtarrila',
      '2015eko urtarrila',
      '2020ko urtarrila',
      '2021eko urtarrila',
      '2040ko urtarrila',
      '2050eko urtarrila',
      '2099ko urtarrila',
      '2095eko urtarrila',
      '2100eko urtarrila',
      '1900eko urtarrila',
    ])
  })

  it.each(LANGUAGES)('%s: leaves every other pattern as the locale writes it', async (language) => {
    const locale = await loadDateLocale(language)
    const date = dayOf('2027-04-11')
    expect(asTheCalendar(date, 'dd / MM / yyyy', locale)).toBe('11 / 04 / 2027')
    expect(asTheCalendar(date, 'MM.dd.yyyy', locale)).toBe('04.11.2027')
    expect(asTheCalendar(date, 'EEEE', locale)).toBe(EXPECTED[language].days[2]!.split(',')[0])
  })
})
