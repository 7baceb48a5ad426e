import type { FeesTableResult } from '../../../domain/types.ts'

/** The consumer's period to withdraw from a credit agreement, in calendar days (Ley 16/2011, art. 28). */
export const WITHDRAWAL_DAYS = 14

/**
 * Whether a plan is consumer credit, which the standard European consumer credit information is for: it carries a
 * borrowing rate or costs interest. An interest-free deferral of the university's own fees offers no form.
 */
export const carriesInterest = (result: Pick<FeesTableResult, 'tin' | 'interests'>): boolean =>
  result.tin > 0 || result.interests > 0

/**
 * The day the information is given: the UTC calendar day the form is made, which is also the drawdown day the API
 * counts the APR from (the day of the calculation, UTC).
 */
export const givenOn = (madeAt: Date): string => madeAt.toISOString().slice(0, 10)

/** `YYYY-MM-DD` plus whole calendar days, counted on the calendar (no time zone, no daylight saving). */
export function addCalendarDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/**
 * The last day to withdraw, for an agreement concluded on the day the information is given: a period of days
 * starts on the day after (Código Civil, art. 5.1), holidays counted (art. 5.2), so the last day is that day plus
 * 14. An agreement concluded later moves it later; docs/credit-information.md says why this day is the one shown.
 */
export const withdrawalLastDay = (given: string): string => addCalendarDays(given, WITHDRAWAL_DAYS)
