/**
 * JSON text of an answer body, exactly as JSON.stringify writes it, written faster for the calculator's
 * answers: a plain object is written key by key, its numbers, booleans and strings directly (a number
 * as String writes it, which is JSON's text for every finite number; NaN and ±Infinity as null), and
 * anything else (an array, a nested object, a value with toJSON, a bigint) by JSON.stringify itself.
 */

/** `"key":` for the keys met so far; bounded, as keys could come from anywhere. */
const quotedKeys = new Map<string, string>()
const MAX_QUOTED_KEYS = 256

export function answerJson(value: unknown): string {
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.getPrototypeOf(value) !== Object.prototype ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value)
  const record = value as Record<string, unknown>
  let text = '{'
  let separator = ''
  for (const key of Object.keys(record)) {
    const item = record[key]
    let written: string
    switch (typeof item) {
      case 'number':
        written = Number.isFinite(item) ? String(item) : 'null'
        break
      case 'boolean':
        written = item ? 'true' : 'false'
        break
      case 'string':
        written = JSON.stringify(item)
        break
      case 'undefined':
      case 'function':
      case 'symbol':
        // JSON.stringify leaves such a property out.
        continue
      default:
        written = JSON.stringify(item)
    }
    let name = quotedKeys.get(key)
    if (name === undefined) {
      name = `${JSON.stringify(key)}:`
      if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, name)
    }
    text += separator + name + written
    separator = ','
  }
  return `${text}}`
}
