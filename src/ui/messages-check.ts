// The `messages` a host gives, checked and compiled: a lazy chunk (src/ui/chunks.ts), fetched only by a page that
// sets them, so that the others do not carry the checks and their warnings. It imports nothing at run time: the
// table of names and the language rule are the first render's, handed in, so that no module of the first render
// moves into the chunk the first render shares with the lazy ones (it would compress worse there).
import type { spokenLanguage } from '../domain/language.ts'
import type { FeesCalculatorMessageId, OwnMessages, REPLACEABLE_WORDS } from './replaceable-words.ts'

/** What was warned about already: a host that sets the same words again is told once. */
const warned = new Set<string>()
const warnOnce = (what: string) => {
  if (warned.has(what)) return
  warned.add(what)
  console.warn(`fees-calculator: messages: ${what}`)
}

/**
 * The `messages` the host gave (an object or its JSON text), checked against REPLACEABLE_WORDS: an unknown language or name,
 * or a value that is not text, is left out with one console warning naming it; malformed JSON gives none at all.
 * Languages it leaves out speak the widget's own words. `names` is REPLACEABLE_WORDS and `languageOf` spokenLanguage.
 */
export function checkedMessages(
  given: unknown,
  names: typeof REPLACEABLE_WORDS,
  languageOf: typeof spokenLanguage,
): OwnMessages | null {
  let value = given
  if (typeof value === 'string') {
    if (!value.trim()) return null
    try {
      value = JSON.parse(value)
    } catch {
      warnOnce('not JSON')
      return null
    }
  }
  if (value == null) return null
  const own: OwnMessages = {}
  for (const [tag, words] of Object.entries(value)) {
    const language = languageOf(tag)
    if (!language || typeof words !== 'object' || !words) {
      warnOnce(`"${tag}" is not a language it speaks`)
      continue
    }
    own[language] ??= {}
    const compiled = own[language]
    for (const [id, text] of Object.entries(words)) {
      const descriptor = Object.hasOwn(names, id) ? names[id as FeesCalculatorMessageId] : null
      if (!descriptor) warnOnce(`unknown id "${id}" (it knows ${Object.keys(names).join(', ')})`)
      else if (typeof text !== 'string' || !text.trim()) warnOnce(`"${id}" in "${tag}" is not text`)
      // A compiled message of one literal: shown as written, braces and all.
      else compiled[descriptor.id] = [text]
    }
  }
  return own
}
