import { describe, expect, it } from 'vitest'
import { DATE_READINGS } from '../../../test/support/date-readings.ts'
import { parseDateOfPayment } from '../../src/dates.ts'

const parsed = parseDateOfPayment

describe('parseDateOfPayment', () => {
  it.each(DATE_READINGS)('reads %j as the widget does: %s', (text, day) => {
    expect(parsed(text)).toBe(day)
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
    '2026-0a-05',
    '2026-03-0x',
    '-026-03-05',
    '2026-03-\u0665\u0665',
    '\uff12\uff10\uff12\uff16-03-05',
    '9001-01-01',
    '0000-01-01',
  ])('refuses %j', (text) => {
    expect(parseDateOfPayment(text)).toBeNull()
  })

  it.each(['2024-02-29', '2000-02-29', '1900-01-01', '9000-12-31', '2026-12-31'])(
    'takes the plain day %j as it is',
    (text) => {
      expect(parseDateOfPayment(text)).toBe(text)
    },
  )
})
