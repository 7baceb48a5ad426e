import { MAX_AMOUNT } from '@fees-calculator/contract'

/** Cents: what the API accepts and what the screen shows. */
const CENTS = 100
/** A separator followed by at most this many digits, once, is a decimal point (`1234.5`, `1234,56`). */
const MAX_DECIMAL_DIGITS = 2

export type AmountParse = { ok: true; value: number | null } | { ok: false }

/** Digits with an optional group separator every three (`1.234.567`), or bare digits. */
function wholeDigits(text: string, group: string | null): string | null {
  if (/^\d*$/.test(text)) return text
  if (group === null) return null
  const groups = text.split(group)
  const [head, ...rest] = groups
  if (!/^\d{1,3}$/.test(head!) || !rest.every((part) => /^\d{3}$/.test(part))) return null
  return groups.join('')
}

/**
 * Reads an amount as a person types it, in either language: `1.234,56`,
 * `1,234.56`, `1234,5`, `€ 1 234`, or blank (null). When both separators
 * appear the last one is the decimal mark and the other groups thousands; a
 * lone separator is a decimal mark when it occurs once with at most two
 * digits after it, else it groups thousands.
 */
export function parseAmount(text: string): AmountParse {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(/[^\d.,-]/g, '')
  if (cleaned === '') return text.trim() === '' ? { ok: true, value: null } : { ok: false }
  if (cleaned.includes('-')) return { ok: false }
  const lastDot = cleaned.lastIndexOf('.')
  const lastComma = cleaned.lastIndexOf(',')
  let decimalAt = -1
  let group: string | null = null
  if (lastDot >= 0 && lastComma >= 0) {
    decimalAt = Math.max(lastDot, lastComma)
    group = decimalAt === lastDot ? ',' : '.'
  } else if (lastDot >= 0 || lastComma >= 0) {
    const at = Math.max(lastDot, lastComma)
    const separator = cleaned[at]!
    if (cleaned.indexOf(separator) === at && cleaned.length - at - 1 <= MAX_DECIMAL_DIGITS) decimalAt = at
    else group = separator
  }
  const whole = wholeDigits(decimalAt >= 0 ? cleaned.slice(0, decimalAt) : cleaned, group)
  const fraction = decimalAt >= 0 ? cleaned.slice(decimalAt + 1) : ''
  if (whole === null || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return { ok: false }
  const value = Math.round(Number(`${whole || '0'}.${fraction || '0'}`) * CENTS) / CENTS
  if (!Number.isFinite(value) || value > MAX_AMOUNT) return { ok: false }
  return { ok: true, value }
}
