// The words a university may put in place of the card's own (the `messages` property), by name.
import type { Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Language } from '../domain/language.ts'

/**
 * The card's words a university may replace, each under a name that stays when the English source changes (Lingui's
 * own ids are hashes of it). The card shows these very descriptors, so a name always stands for what is on screen.
 * None holds a figure, a placeholder or a legal term's acronym (TIN, TAE and each language's own): those stay the
 * widget's. The README lists them (a test holds the list equal to this table). What a host gives is checked against
 * it by checkedMessages (src/ui/messages-check.ts), a lazy chunk that only pages setting `messages` fetch.
 */
export const REPLACEABLE_WORDS = {
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
export type FeesCalculatorMessageId = keyof typeof REPLACEABLE_WORDS

/** The `messages` property: per language, the university's words by name, e.g. `{ es: { save: 'GUARDAR PLAN' } }`. */
export type FeesCalculatorMessages = Partial<Record<Language, Partial<Record<FeesCalculatorMessageId, string>>>>

/** The university's words as the card's catalogues hold them: per language, by Lingui's id, compiled. */
export type OwnMessages = Partial<Record<Language, Messages>>
