import { describe, expect, it } from 'vitest'
import type { AmortizationTable } from '../../domain/types.ts'
import { scheduleCsv } from './csv.ts'

const table: AmortizationTable = {
  versionHashCode: 'h',
  versionNumber: 1,
  currency: 'EUR',
  fees: [
    { number: 1, dueDate: '2027-01-31', fee: 1010.5, interest: 10.5, principal: 1000, balance: 1000 },
    { number: 2, dueDate: '2027-02-28', fee: 1005, interest: 5, principal: 1000, balance: 0 },
  ],
  totals: { amountToFinance: 2000, interests: 15.5, finalFee: 2015.5 },
}
const headers = {
  number: 'N.º',
  dueDate: 'Vencimiento',
  fee: 'Cuota',
  interest: 'Intereses',
  principal: 'Amortización',
  balance: 'Capital; pendiente',
}

describe('scheduleCsv', () => {
  it('writes Spanish CSV with semicolons and decimal commas, quoting a header that holds the separator', () => {
    const lines = scheduleCsv(table, 'es', headers).replace('\ufeff', '').trimEnd().split('\r\n')
    expect(lines).toEqual([
      'N.º;Vencimiento;Cuota;Intereses;Amortización;"Capital; pendiente"',
      '1;2027-01-31;1010,50;10,50;1000,00;1000,00',
      '2;2027-02-28;1005,00;5,00;1000,00;0,00',
    ])
  })

  it('writes English CSV with commas and decimal points, after a UTF-8 byte order mark', () => {
    const csv = scheduleCsv(table, 'en', { ...headers, balance: 'Balance' })
    expect(csv.startsWith('\ufeff')).toBe(true)
    expect(csv.split('\r\n')[1]).toBe('1,2027-01-31,1010.50,10.50,1000.00,1000.00')
  })
})
