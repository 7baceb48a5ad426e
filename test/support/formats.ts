/**
 * How each language writes a figure in euros, a rate and a date, written out by hand from each language's
 * convention (CLDR's es-ES, en-GB, ca-ES, eu-ES, gl-ES and pt-PT, Basque's per cent sign first as CLDR's eu and the
 * Basque banks write it; Euskaltzaindia for Basque's dates),
 * with no Intl: what the widget must show in every engine, whatever that engine's own data says.
 */
import type { Language } from '../../src/domain/language.ts'

interface Convention {
  group: string
  decimal: string
  /** CLDR's minimum grouping digits: 2 leaves `6195,13` ungrouped (Spanish, Portuguese), 1 writes `6.195,13`. */
  minimumGrouping: 1 | 2
  euro: (figure: string) => string
  percent: (figure: string) => string
  /** Day first, or year first. */
  yearFirst: boolean
}

const NBSP = '\u00a0'
const after =
  (sign: string, space = NBSP) =>
  (figure: string) =>
    `${figure}${space}${sign}`

const CONVENTIONS: Record<Language, Convention> = {
  es: { group: '.', decimal: ',', minimumGrouping: 2, euro: after('€'), percent: after('%'), yearFirst: false },
  en: {
    group: ',',
    decimal: '.',
    minimumGrouping: 1,
    euro: (figure) => `€${figure}`,
    percent: after('%', ''),
    yearFirst: false,
  },
  ca: { group: '.', decimal: ',', minimumGrouping: 1, euro: after('€'), percent: after('%'), yearFirst: false },
  eu: {
    group: '.',
    decimal: ',',
    minimumGrouping: 1,
    euro: after('€'),
    percent: (figure) => `%${NBSP}${figure}`,
    yearFirst: true,
  },
  gl: { group: '.', decimal: ',', minimumGrouping: 1, euro: after('€'), percent: after('%'), yearFirst: false },
  pt: { group: NBSP, decimal: ',', minimumGrouping: 2, euro: after('€'), percent: after('%', ''), yearFirst: false },
}

function figure(language: Language, value: number): string {
  const { group, decimal, minimumGrouping } = CONVENTIONS[language]
  const [whole = '', cents = ''] = value.toFixed(2).split('.')
  const grouped = whole.length >= 3 + minimumGrouping ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole
  return `${grouped}${decimal}${cents}`
}

/** An amount in euros: `6195,13 €` (es), `€6,195.13` (en), `6.195,13 €` (ca, eu, gl), `16 195,13 €` (pt). */
export const euros = (language: Language, value: number): string => CONVENTIONS[language].euro(figure(language, value))

/** A rate (0.0595): `5,95 %`, `5.95%`, `% 5,95` (eu), `5,95%` (pt). */
export const percent = (language: Language, rate: number): string =>
  CONVENTIONS[language].percent(figure(language, Number((rate * 100).toPrecision(12))))

/** A `YYYY-MM-DD` day: `15/03/2027`, or `2027/03/15` in Basque. */
export function shortDate(language: Language, isoDate: string): string {
  const parts = isoDate.split('-')
  return (CONVENTIONS[language].yearFirst ? parts : parts.reverse()).join('/')
}

/** The first payment date's field: the spec's `15 / 03 / 2027`, or Basque's `2027/03/15`. */
export const fieldDate = (language: Language, isoDate: string): string =>
  CONVENTIONS[language].yearFirst ? shortDate(language, isoDate) : isoDate.split('-').reverse().join(' / ')
