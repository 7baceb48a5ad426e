import type { Day, FormatPart, Locale, Month } from 'date-fns'
import type { Language } from '../../domain/language.ts'

/**
 * How each language writes a day of the calendar in words (the accessible name of its button, after "Choose") and a
 * month of a year (the calendar's caption, and the name of its grid of days). The names of the weekdays and months
 * are the language's date-fns locale's; how they join with the numbers is the language's own grammar, written here,
 * the same in every engine. docs/glossary.md names the sources.
 */

/** A date as the grammar puts it into words. */
export interface DateWords {
  /** The weekday's name: "lunes", "astelehena". */
  weekday: string
  day: number
  /** The month's name as it stands alone: "noviembre", "azaroa". */
  month: string
  year: number
}

interface DateGrammar {
  day(words: DateWords): string
  month(words: Pick<DateWords, 'month' | 'year'>): string
}

/** "30 de noviembre de 2026": Spanish, Galician and Portuguese. */
const DAY_DE_MONTH_DE_YEAR: DateGrammar = {
  day: ({ weekday, day, month, year }) => `${weekday}, ${day} de ${month} de ${year}`,
  month: ({ month, year }) => `${month} de ${year}`,
}

/** Catalan elides "de" before a vowel: "d'abril", "d'agost", "d'octubre". */
const catalanOf = (month: string) => (/^[aeiouàèéíòóú]/i.test(month) ? `d'${month}` : `de ${month}`)

/**
 * Whether a year, said in Basque, ends in a consonant: its last word is then bat (1), bost (5), hamar (10),
 * hamabost (15), one of those after a score (hogeita bat, hogeita hamar: Basque counts in twenties) or ehun
 * (hundred). Hogei, mila and every other number end in a vowel, hamaika (11) in its own -a.
 */
function saidEndingInConsonant(year: number): boolean {
  if (year % 1000 === 0) return false
  if (year % 100 === 0) return true
  return [1, 5, 10, 15].includes((year % 100) % 20)
}

/** The year with its -ko, -eko after a consonant: "2026ko", "2025eko", "2030eko". */
const basqueYearOf = (year: number) => `${year}${saidEndingInConsonant(year) ? 'eko' : 'ko'}`

const GRAMMARS: Record<Language, DateGrammar> = {
  es: DAY_DE_MONTH_DE_YEAR,
  gl: DAY_DE_MONTH_DE_YEAR,
  pt: DAY_DE_MONTH_DE_YEAR,
  // British English, as the card's dates: "Monday, 30 November 2026".
  en: {
    day: ({ weekday, day, month, year }) => `${weekday}, ${day} ${month} ${year}`,
    month: ({ month, year }) => `${month} ${year}`,
  },
  ca: {
    day: ({ weekday, day, month, year }) => `${weekday}, ${day} ${catalanOf(month)} de ${year}`,
    month: ({ month, year }) => `${month} de ${year}`,
  },
  // Year first. The day's number stands bare after the month ("2016ko azaroak 14", in apposition to the weekday),
  // as Euskaltzaindia allows in titles and appositions: the "30" on the button is then a word of its name, which
  // "azaroaren 30a" would hide from speech input (WCAG 2.5.3).
  eu: {
    day: ({ weekday, day, month, year }) => `${weekday}, ${basqueYearOf(year)} ${month}k ${day}`,
    month: ({ month, year }) => `${basqueYearOf(year)} ${month}`,
  },
}

/** The words of a date in a locale's names. */
function wordsOf(locale: Locale, date: Date): DateWords {
  return {
    weekday: locale.localize.day(date.getDay() as Day, { width: 'wide' }),
    day: date.getDate(),
    month: locale.localize.month(date.getMonth() as Month, { width: 'wide', context: 'standalone' }),
    year: date.getFullYear(),
  }
}

/**
 * What a date-fns pattern asks for: a day in words (react-datepicker's "PPPP", a day's name), a month of a year in
 * words (its caption, "LLLL yyyy", and its grid's "MMMM, yyyy"), or something else (numbers, one name alone), which
 * the locale writes as it is.
 */
function askedFor(parts: FormatPart[]): 'day' | 'month' | null {
  const tokens = parts.filter((part) => part.isToken).map((part) => part.value)
  const has = (field: string) => tokens.some((token) => token.startsWith(field))
  const monthInWords = tokens.some((token) => /^[ML]{4}$/.test(token))
  if (!monthInWords || !has('y')) return null
  if (has('E') && has('d')) return 'day'
  return has('E') || has('d') ? null : 'month'
}

/** A date-fns locale that writes a day and a month in words by the language's grammar (react-datepicker's `locale`). */
export function withDateGrammar(language: Language, locale: Locale): Locale {
  const grammar = GRAMMARS[language]
  return {
    ...locale,
    localize: {
      ...locale.localize,
      preprocessor: (date, parts) => {
        const asked = askedFor(parts)
        if (!asked) return parts
        const words = wordsOf(locale, date)
        return [{ isToken: false, value: asked === 'day' ? grammar.day(words) : grammar.month(words) }]
      },
    },
  }
}
