// Reading the widget as a user and its host see it, in any engine: the figures Intl would show there, and dates as
// the screen writes them. (The page's text, state and events: TestPage in harness.ts.)
import type { TestPage } from './harness.ts'

export type Language = 'es' | 'en'
/** The Intl locales the widget formats with (src/ui/format.ts). */
export const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB' }

/** What the widget should show for a money figure: Intl in the same engine, same options. */
export function money(page: TestPage, language: Language, currency: string, values: number[]): Promise<string[]> {
  return page.evaluate(
    (locale, code, list) => {
      const format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      return list.map((v) => format.format(v))
    },
    LOCALES[language],
    currency,
    values,
  )
}

export function percent(page: TestPage, language: Language, values: number[]): Promise<string[]> {
  return page.evaluate(
    (locale, list) => {
      const format = new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      return list.map((v) => format.format(v))
    },
    LOCALES[language],
    values,
  )
}

/** `YYYY-MM-DD` → `DD / MM / YYYY`, the read-only date. */
export const spacedDate = (iso: string) => iso.split('-').reverse().join(' / ')

/** What an answer puts at the top of the card. */
export interface Answered {
  currency: string
  feeAmount: number
  interests: number
  finalFee: number
  firstPaymentDate: string
}

/** The top of the card, as text: the monthly fee, the financing cost, the total, the first payment's date. */
export interface CardTop {
  feeAmount: string | null
  interests: string | null
  finalFee: string | null
  date: string | null
  /** The card's own `lang`. */
  language: string
}

/** The top of the card as the student reads it. */
export async function cardTop(page: TestPage): Promise<CardTop> {
  return {
    feeAmount: await page.text('[data-figure=feeAmount]'),
    interests: await page.text('[data-figure=interests]'),
    finalFee: await page.text('[data-figure=finalFee]'),
    date: await page.text('[part=date]'),
    language: await page.evaluate(
      () => document.querySelector('fees-calculator')!.shadowRoot!.querySelector<HTMLElement>('.fc')!.lang,
    ),
  }
}

/** The top of the card as an answer should read in a language, its amounts written by Intl in the same engine. */
export async function cardTopOf(page: TestPage, language: Language, answer: Answered): Promise<CardTop> {
  const [feeAmount = null, interests = null, finalFee = null] = await money(page, language, answer.currency, [
    answer.feeAmount,
    answer.interests,
    answer.finalFee,
  ])
  return { feeAmount, interests, finalFee, date: spacedDate(answer.firstPaymentDate), language }
}

/** Local calendar days, as the calendar counts them. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
