import { describe, expect, it } from 'vitest'
import { parseDateOfPayment } from './dates.ts'

const parsed = parseDateOfPayment

describe('parseDateOfPayment', () => {
  it('reads a plain date', () => {
    expect(parsed('2026-03-05')).toBe('2026-03-05')
    expect(parsed('2024-02-29')).toBe('2024-02-29')
  })

  it('takes a date-time without a zone as UTC (a Z is added)', () => {
    expect(parsed('2026-03-05T23:30:00')).toBe('2026-03-05')
    expect(parsed('2026-03-05T00:00')).toBe('2026-03-05')
    expect(parsed('2026-03-05T10:00:00.123Z')).toBe('2026-03-05')
  })

  it('takes the UTC day of a date-time with an offset', () => {
    expect(parsed('2026-03-05T00:30:00+01:00')).toBe('2026-03-04')
    expect(parsed('2026-03-05T23:30:00-02:00')).toBe('2026-03-06')
  })

  it.each([
    '',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-1-5',
    '05/03/2026',
    '2026-03-05T24:00',
    '2026-03-05T10:60',
    '2026-02-30T10:00:00Z',
    '2026-03-05T10:00:00+25:00',
    '1800-01-01',
    'NaN',
    ' 2026-03-05',
  ])('refuses %j', (text) => {
    expect(parseDateOfPayment(text)).toBeNull()
  })
})
