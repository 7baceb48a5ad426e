import type { Language } from '../domain/language.ts'

/** Amounts always show two decimals, whole amounts included (500.00). */
const MONEY_DECIMALS = 2
/** Rates are fractions (0.0595) shown as percentages with two decimals (5.95 %). */
const RATE_DECIMALS = 2
/** The currency shown when neither the answer nor the input names one. */
export const DEFAULT_CURRENCY = 'USD'

/**
 * The Intl locale each language's figures are formatted with: one that Chromium, Firefox and WebKit all have, so
 * that a plan reads the same in each. Chromium has no Basque or Galician data; Catalan's writes their grouping,
 * decimal comma, euro and per cent as CLDR's eu-ES and gl-ES do (`6.195,13 €`, `5,95 %`), and Basque's own rules
 * below do the rest. British English: day before month, as the Spanish screens.
 */
const INTL_LOCALES: Record<Language, string> = {
  es: 'es-ES',
  en: 'en-GB',
  ca: 'ca-ES',
  eu: 'ca-ES',
  gl: 'ca-ES',
  pt: 'pt-PT',
}

export interface Formatters {
  /** `6000,00 €` / `€6,000.00` */
  money(value: number): string
  /** The figure as typed into an amount field: no symbol, no grouping (`1234,56`). */
  editableAmount(value: number): string
  /** A fraction as a percentage: 0.0595 → `5,95 %`; Basque writes the sign first, `% 5,95` (CLDR's eu, Basque banks). */
  rate(value: number): string
  /** `YYYY-MM-DD` as the language's short date: day first (`15/03/2027`), Basque year first (`2027/03/15`). */
  date(isoDate: string): string
  /** The first payment date as its field shows it: the spec's `15 / 03 / 2027`, Basque's `2027/03/15`. */
  field(isoDate: string): string
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

/** Formatters for a language and a currency, built once and shared by every instance. */
export function formattersFor(language: Language, currency: string | null | undefined): Formatters {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase()
  const key = `${language}|${code}`
  const cached = cache.get(key)
  if (cached) return cached
  const locale = INTL_LOCALES[language]
  const basque = language === 'eu'
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
  // Due dates are calendar days, written from their digits: no time zone can move them, and no engine's data differs.
  // The first payment date's field spaces its slashes (`15 / 03 / 2027`) but for Basque's year-first `2027/03/15`.
  const digits = (isoDate: string, separator: string) =>
    (basque ? isoDate.split('-') : isoDate.split('-').reverse()).join(separator)
  const date = (isoDate: string) => digits(isoDate, '/')
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const formatters: Formatters = {
    money: (value) => money.format(value),
    editableAmount: (value) => plain.format(value),
    rate: (value) => (basque ? `%\u00a0${percent.format(value).replace(/\s*%/, '')}` : percent.format(value)),
    date,
    field: (isoDate) => digits(isoDate, basque ? '/' : ' / '),
    integer: (value) => integer.format(value),
  }
  cache.set(key, formatters)
  return formatters
}
