import { describe, expect, it } from 'vitest'
import { addCalendarDays, carriesInterest, givenOn, withdrawalLastDay } from './rules.ts'

describe('the credit information rules', () => {
  it('a plan with a borrowing rate or any interest is credit; a plan at 0 % costing nothing is not', () => {
    expect(carriesInterest({ tin: 0.0595, interests: 195.13 })).toBe(true)
    expect(carriesInterest({ tin: 0.0001, interests: 0 })).toBe(true)
    expect(carriesInterest({ tin: 0, interests: 0 })).toBe(false)
  })

  it('the information is given on the UTC day the form is made, as the API dates its drawdown', () => {
    expect(givenOn(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24')
    expect(givenOn(new Date('2026-11-25T00:30:00+01:00'))).toBe('2026-11-24')
  })

  it.each([
    ['2026-11-24', '2026-12-08'],
    ['2026-12-20', '2027-01-03'],
    ['2027-02-20', '2027-03-06'],
    ['2028-02-20', '2028-03-05'],
    ['2027-03-20', '2027-04-03'],
  ])(
    'information given on %s can be withdrawn from until %s: 14 calendar days after, holidays counted',
    (given, last) => {
      expect(withdrawalLastDay(given)).toBe(last)
    },
  )

  it('adds days across months, years and leap days', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addCalendarDays('2027-12-31', 1)).toBe('2028-01-01')
    expect(addCalendarDays('2027-01-01', 0)).toBe('2027-01-01')
  })
})
