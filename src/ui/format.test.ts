import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_CURRENCY, formattersFor, intlLocaleOf } from './format.ts'

describe('formattersFor', () => {
  it('formats money by the currency code with two decimals, for each language', () => {
    expect(formattersFor('es', 'EUR').money(6195.13)).toBe(
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(6195.13),
    )
    expect(formattersFor('en', 'EUR').money(6195.13)).toBe('€6,195.13')
    expect(formattersFor('en', 'JPY').money(1000)).toBe('JP¥1,000.00')
  })

  it('falls back to USD when no currency is known', () => {
    expect(DEFAULT_CURRENCY).toBe('USD')
    expect(formattersFor('en', null).money(0)).toBe('US$0.00')
    expect(formattersFor('es', undefined).money(0)).toMatch(/^0,00\sUS\$$/)
  })

  it('shows an amount for editing without symbol or grouping, with the language decimal mark', () => {
    expect(formattersFor('es', 'EUR').editableAmount(12345.6)).toBe('12345,60')
    expect(formattersFor('en', 'EUR').editableAmount(12345.6)).toBe('12345.60')
  })

  it('shows rates as percentages with two decimals', () => {
    expect(formattersFor('en', 'EUR').rate(0.0595)).toBe('5.95%')
    expect(formattersFor('es', 'EUR').rate(0.06115)).toMatch(/^6,12\s%$/)
  })

  it('shows due dates day first in both languages, whatever the time zone', () => {
    expect(formattersFor('es', 'EUR').date('2027-03-01')).toBe('01/03/2027')
    expect(formattersFor('en', 'EUR').date('2027-03-01')).toBe('01/03/2027')
  })

  it('keeps the screen readable with a code Intl refuses', () => {
    expect(formattersFor('en', 'EURO').money(1)).toBe('US$1.00')
  })

  it('formats Catalan, Basque, Galician and Portuguese by their own locales', () => {
    const money = (language: 'ca' | 'eu' | 'gl' | 'pt') => formattersFor(language, 'EUR').money(6195.13)
    for (const language of ['ca', 'eu', 'gl', 'pt'] as const) expect(money(language)).toMatch(/^6\.?195,13\s€$/)
    expect(formattersFor('eu', 'EUR').date('2027-03-01')).toBe('2027/03/01')
    expect(formattersFor('eu', 'EUR').rate(0.0595)).toMatch(/^%\s5,95$/)
    expect(formattersFor('pt', 'EUR').date('2027-03-01')).toBe('01/03/2027')
  })

  it("falls back to Spain's formats where the engine has not got the language's (Chromium: Basque, Galician)", () => {
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockReturnValue([])
    try {
      expect(intlLocaleOf('eu')).toBe('es-ES')
      expect(intlLocaleOf('gl')).toBe('es-ES')
      expect(intlLocaleOf('pt')).toBe('pt')
      expect(intlLocaleOf('es')).toBe('es-ES')
    } finally {
      supported.mockRestore()
    }
    expect(intlLocaleOf('eu')).toBe('eu-ES')
  })
})
