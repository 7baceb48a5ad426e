import type { Language } from '../domain/language.ts'

/** Amounts always show two decimals, whole amounts included (500.00). */
const MONEY_DECIMALS = 2
/** Rates are fractions (0.0595) shown as percentages with two decimals (5.95 %). */
const RATE_DECIMALS = 2
/** The currency shown when neither the answer nor the input names one. */
export const DEFAULT_CURRENCY = 'USD'

/**
 * The Intl locale each interface language formats with: the Spanish state's for its co-official languages, and
 * Portugal's for Portuguese. British English: day before month, as the read-only DD / MM / YYYY and the Spanish
 * screens.
 */
export const LOCALE_TAGS: Record<Language, string> = {
  es: 'es-ES',
  en: 'en-GB',
  ca: 'ca-ES',
  eu: 'eu-ES',
  gl: 'gl-ES',
  pt: 'pt-PT',
}

/**
 * Where an engine's Intl lacks a language's locale, the formats of the country's common language, never an
 * unrelated default: Chromium has no Basque or Galician formats and would write `€516.26` and `03/15/2027`, month
 * first. Spain's (`516,26 €`, `15/03/2027`, `5,95 %`) are the Galician ones, and the Basque ones but for the order
 * of a date (`2027/03/15`) and of the percent sign.
 */
const fallbackOf = (language: Language) => (language === 'en' || language === 'pt' ? language : 'es-ES')

/** The Intl locale a language formats with in this engine: its own if the engine has it, else its fallback. */
export function intlLocaleOf(language: Language): string {
  const tag = LOCALE_TAGS[language]
  const known = Intl.NumberFormat.supportedLocalesOf(tag).length && Intl.DateTimeFormat.supportedLocalesOf(tag).length
  return known ? tag : fallbackOf(language)
}

export interface Formatters {
  locale: string
  /** `6000,00 €` / `€6,000.00` */
  money(value: number): string
  /** The figure as typed into an amount field: no symbol, no grouping (`1234,56`). */
  editableAmount(value: number): string
  /** A fraction as a percentage: 0.0595 → `5,95 %`. */
  rate(value: number): string
  /** `YYYY-MM-DD` as the language's short numeric date (`15/03/2027`; Basque writes `2027/03/15`). */
  date(isoDate: string): string
  integer(value: number): string
}

const cache = new Map<string, Formatters>()

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const options = {
    style: 'currency',
    minimumFractionDigits: MONEY_DECIMALS,
    maximumFractionDigits: MONEY_DECIMALS,
  } as const
  try {
    return new Intl.NumberFormat(locale, { ...options, currency })
  } catch {
    // A code Intl refuses would break every figure: the default currency keeps the screen readable.
    return new Intl.NumberFormat(locale, { ...options, currency: DEFAULT_CURRENCY })
  }
}

/** Intl formatters for a language and a currency, built once and shared by every instance. */
export function formattersFor(language: Language, currency: string | null | undefined): Formatters {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase()
  const key = `${language}|${code}`
  const cached = cache.get(key)
  if (cached) return cached
  const locale = intlLocaleOf(language)
  const money = currencyFormat(locale, code)
  const plain = new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: MONEY_DECIMALS,
    maximumFractionDigits: MONEY_DECIMALS,
  })
  const percent = new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: RATE_DECIMALS,
    maximumFractionDigits: RATE_DECIMALS,
  })
  // Due dates are calendar days: formatting them in UTC keeps the day whatever the user's time zone.
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const formatters: Formatters = {
    locale,
    money: (value) => money.format(value),
    editableAmount: (value) => plain.format(value),
    rate: (value) => percent.format(value),
    date: (isoDate) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    integer: (value) => integer.format(value),
  }
  cache.set(key, formatters)
  return formatters
}
