import type { Language } from '../../domain/language.ts'
import type { AmortizationTable } from '../../domain/types.ts'

/**
 * Spreadsheets read a CSV by the conventions of their locale: a Spanish,
 * Catalan, Basque, Galician or Portuguese Excel expects `;` between fields and
 * a decimal comma, an English one `,` and a dot.
 */
const DECIMAL_COMMA = { separator: ';', decimal: ',' }
const CSV_CONVENTIONS: Record<Language, { separator: string; decimal: string }> = {
  es: DECIMAL_COMMA,
  en: { separator: ',', decimal: '.' },
  ca: DECIMAL_COMMA,
  eu: DECIMAL_COMMA,
  gl: DECIMAL_COMMA,
  pt: DECIMAL_COMMA,
}
/** Makes Excel read the file as UTF-8 (accents in the headers). */
const UTF8_BOM = '\ufeff'

export interface ScheduleCsvHeaders {
  number: string
  dueDate: string
  fee: string
  interest: string
  principal: string
  balance: string
}

const quote = (text: string, separator: string) =>
  text.includes(separator) || text.includes('"') || text.includes('\n') ? `"${text.replaceAll('"', '""')}"` : text

/** The schedule as CSV: one row a fee, ISO due dates, amounts with two decimals and no grouping. */
export function scheduleCsv(table: AmortizationTable, language: Language, headers: ScheduleCsvHeaders): string {
  const { separator, decimal } = CSV_CONVENTIONS[language]
  const amount = (value: number) => value.toFixed(2).replace('.', decimal)
  const line = (cells: string[]) => cells.map((cell) => quote(cell, separator)).join(separator)
  const rows = [
    line([headers.number, headers.dueDate, headers.fee, headers.interest, headers.principal, headers.balance]),
    ...table.fees.map((fee) =>
      line([
        String(fee.number),
        fee.dueDate,
        amount(fee.fee),
        amount(fee.interest),
        amount(fee.principal),
        amount(fee.balance),
      ]),
    ),
  ]
  return `${UTF8_BOM}${rows.join('\r\n')}\r\n`
}
