import { describe, expect, it } from 'vitest'
import { DEFAULT_CURRENCY, formattersFor } from './format.ts'

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

  it('shows due dates day first, whatever the time zone, and Basque ones year first (Euskaltzaindia)', () => {
    for (const language of ['es', 'en', 'ca', 'gl', 'pt'] as const) {
      expect(formattersFor(language, 'EUR').date('2027-03-01')).toBe('01/03/2027')
      expect(formattersFor(language, 'EUR').field('2027-03-01')).toBe('01 / 03 / 2027')
    }
    expect(formattersFor('eu', 'EUR').date('2027-03-01')).toBe('2027/03/01')
    expect(formattersFor('eu', 'EUR').field('2027-03-01')).toBe('2027/03/01')
  })

  it('keeps the screen readable with a code Intl refuses', () => {
    expect(formattersFor('en', 'EURO').money(1)).toBe('US$1.00')
  })

  it('formats Catalan, Basque and Galician alike, and Portuguese by its own locale', () => {
    for (const language of ['ca', 'eu', 'gl'] as const) {
      expect(formattersFor(language, 'EUR').money(6195.13)).toBe('6.195,13\u00a0€')
      expect(formattersFor(language, 'EUR').editableAmount(6195.13)).toBe('6195,13')
    }
    expect(formattersFor('ca', 'EUR').rate(0.0595)).toBe('5,95\u00a0%')
    expect(formattersFor('gl', 'EUR').rate(0.0595)).toBe('5,95\u00a0%')
    expect(formattersFor('eu', 'EUR').rate(0.0595)).toBe('%\u00a05,95')
    expect(formattersFor('eu', 'EUR').rate(0.06115)).toBe('%\u00a06,12')
    expect(formattersFor('pt', 'EUR').money(16195.13)).toMatch(/^16\s195,13\s€$/)
    expect(formattersFor('pt', 'EUR').rate(0.0595)).toBe('5,95%')
  })
})
