/**
 * How a date from the API reads as a calendar day: the widget's rule
 * (src/domain/dates.ts), which the reference server applies too
 * (server/src/dates.ts). [text, the UTC day it names]
 */
export const DATE_READINGS: readonly (readonly [string, string])[] = [
  // Year-month-day is kept as is.
  ['2027-03-31', '2027-03-31'],
  // A date-time without a zone is UTC (a Z is added).
  ['2027-03-31T00:30:00', '2027-03-31'],
  ['2027-03-31T00:30:00.000Z', '2027-03-31'],
  // What other backends send: fractions of any length, a space, an offset with or without a colon.
  ['2027-01-05T00:00:00.0000000', '2027-01-05'],
  ['2027-01-05 10:00', '2027-01-05'],
  ['2027-01-05T00:00:00+00:00', '2027-01-05'],
  ['2027-01-05T00:30:00+0100', '2027-01-04'],
  ['2027-01-05T23:30:00-02:00', '2027-01-06'],
  ['2027-01-05t00:00:00z', '2027-01-05'],
  // A leap day.
  ['2024-02-29', '2024-02-29'],
  // Across a month's, a year's and a leap day's end, by the offset.
  ['2026-12-31T23:30:00-01:00', '2027-01-01'],
  ['2027-01-01T00:30:00+01:00', '2026-12-31'],
  ['2028-02-28T23:00:00-02:00', '2028-02-29'],
  ['2027-02-28T23:00:00-02:00', '2027-03-01'],
  ['2027-03-01T00:59+01:00', '2027-02-28'],
  ['2026-04-30T23:59:59-23:59', '2026-05-01'],
  ['2026-05-01T00:00:00+23:59', '2026-04-30'],
]
