import { describe, expect, it } from 'vitest'
import { parseAmount } from './amount.ts'

describe('parseAmount', () => {
  it.each([
    ['6000', 6000],
    ['6000,5', 6000.5],
    ['6000.55', 6000.55],
    ['6.000,55', 6000.55],
    ['6,000.55', 6000.55],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['6.000', 6000],
    ['€ 6 000,00', 6000],
    ['6000,00 €', 6000],
    ['US$1,500.10', 1500.1],
    ['0', 0],
    [',5', 0.5],
  ])('reads %j as %d', (text, value) => {
    expect(parseAmount(text)).toEqual({ ok: true, value })
  })

  it('reads a blank field as no amount', () => {
    expect(parseAmount('  ')).toEqual({ ok: true, value: null })
  })

  it.each(['abc', '-5', '1,2,3.4.5', '12.34.56,7,8', '20000000'])('refuses %j', (text) => {
    expect(parseAmount(text)).toEqual({ ok: false })
  })
})
