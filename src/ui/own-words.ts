// The words a university may put in place of the card's own (the `messages` property), by name.
import type { Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type Language, spokenLanguage } from '../domain/language.ts'

/**
 * The card's words a university may replace, each under a name that stays when the English source changes (Lingui's
 * own ids are hashes of it). The card shows these very descriptors, so a name always stands for what is on screen.
 * None holds a figure, a placeholder or a legal term's acronym (TIN, TAE and each language's own): those stay the
 * widget's. The README lists them (a test holds the list equal to this table).
 */
export const OWN_WORDS = {
  title: msg`Your tuition payment plan`,
  intro: msg`Choose the number of monthly fees and the date of your first payment. The monthly fee and the total to pay update as you choose; save the plan when it suits you.`,
  introSaved: msg`Your payment plan has been saved. These are its fees; it can no longer be changed here.`,
  introViewOnly: msg`This is the payment plan saved for your enrolment. It can be viewed but not changed.`,
  tuitionLabel: msg`Tuition amount`,
  refinanceLabel: msg`Amount to refinance`,
  enrolmentLabel: msg`Enrolment`,
  save: msg`SAVE`,
  saving: msg`SAVING…`,
  saved: msg`Plan saved`,
  showSchedule: msg`Show payment schedule`,
  legalNotice: msg`Legal notice`,
  privacy: msg`Privacy`,
  cookies: msg`Cookies`,
  legalClauses: msg`Legal clauses`,
}

/** The name of a word a university may replace. */
export type FeesCalculatorMessageId = keyof typeof OWN_WORDS

/** The `messages` property: per language, the university's words by name, e.g. `{ es: { save: 'GUARDAR PLAN' } }`. */
export type FeesCalculatorMessages = Partial<Record<Language, Partial<Record<FeesCalculatorMessageId, string>>>>

/** The university's words as the card's catalogues hold them: per language, by Lingui's id, compiled. */
export type OwnMessages = Partial<Record<Language, Messages>>

/** What was warned about already: a host that sets the same words again is told once. */
const warned = new Set<string>()
const warnOnce = (what: string) => {
  if (warned.has(what)) return
  warned.add(what)
  console.warn(`fees-calculator: messages: ${what}`)
}

/**
 * The `messages` the host gave (an object or its JSON text), checked against OWN_WORDS: an unknown language or name,
 * or a value that is not text, is left out with one console warning naming it; malformed JSON gives none at all.
 * Languages it leaves out speak the widget's own words.
 */
export function ownMessages(given: unknown): OwnMessages | null {
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
    const language = spokenLanguage(tag)
    if (!language || typeof words !== 'object' || !words) {
      warnOnce(`"${tag}" is not a language it speaks`)
      continue
    }
    own[language] ??= {}
    const compiled = own[language]
    for (const [id, text] of Object.entries(words)) {
      const descriptor = Object.hasOwn(OWN_WORDS, id) ? OWN_WORDS[id as FeesCalculatorMessageId] : null
      if (!descriptor) warnOnce(`unknown id "${id}" (it knows ${Object.keys(OWN_WORDS).join(', ')})`)
      else if (typeof text !== 'string' || !text.trim()) warnOnce(`"${id}" in "${tag}" is not text`)
      // A compiled message of one literal: shown as written, braces and all.
      else compiled[descriptor.id] = [text]
    }
  }
  return own
}
