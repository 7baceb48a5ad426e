// How the card words a failure, in the widget's language: a calculation's (the card's alert), a SAVE's (a
// notice) and a refused amount's (at its field). The server's own `detail` is never shown: it goes to the host's
// event, and the card speaks the widget's language. Each message is one whole sentence, so translators see it whole.

import type { ProblemCode } from '@fees-calculator/contract'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AmountRefusal, CalculationFailure, SaveRefusal } from '../store/calculator-store.ts'

export interface FailureWords {
  title: string
  description: string
}

const SESSION = msg`Your session has expired`
const UNAVAILABLE = msg`The service is not available right now`
const UNREADABLE_REQUEST = msg`The service could not read what was sent: reload the page.`
const REFUSED_TITLE = msg`The plan could not be calculated with these details`
/** A code the widget does not know (another backend's): a general sentence, never the server's own words. */
const UNKNOWN_CODE = msg`The service did not accept these details.`

type ProblemWords = 'session' | 'unavailable' | MessageDescriptor

/**
 * Every problem `code` the reference API sends (the contract's; its type holds this table to them): the kind
 * whose words say it (the session, the service), or the sentence that says what to change.
 */
export const PROBLEM_WORDS: Readonly<Record<string, ProblemWords>> = {
  missing_credentials: 'session',
  invalid_token: 'session',
  token_expired: 'session',
  invalid_api_key: 'session',
  xsrf_mismatch: 'session',
  system_not_allowed: 'session',
  internal_error: 'unavailable',
  database_unavailable: 'unavailable',
  malformed_json: UNREADABLE_REQUEST,
  unsupported_media_type: UNREADABLE_REQUEST,
  payload_too_large: UNREADABLE_REQUEST,
  invalid_idempotency_key: UNREADABLE_REQUEST,
  validation_failed: msg`Some details of the plan are not valid: check the number of fees and the date of the first payment.`,
  fee_count_out_of_range: msg`This number of fees is not offered: choose another.`,
  amount_too_small: msg`This amount is too small for so many fees: choose fewer fees or a larger amount.`,
  amount_not_positive: msg`This amount is too small: it leaves nothing to finance.`,
  negative_amount: msg`This amount is too small: it leaves nothing to finance.`,
  amount_too_large: msg`This amount is too large.`,
  partial_payment_exceeds_amount: msg`The partial payment cannot be larger than the amount.`,
  unknown_currency: msg`The currency of this plan is not accepted.`,
  version_not_found: msg`The saved plan was not found.`,
  not_found: msg`The service was not found at this address.`,
  idempotency_key_reused: msg`The plan changed while it was being saved: press SAVE again.`,
} satisfies Record<ProblemCode, ProblemWords>

/** What a refused request's code says to change; a code the widget does not know gets a general sentence. */
export function refusalWords(code: string | null, i18n: I18n): string {
  const words = code ? PROBLEM_WORDS[code] : undefined
  return i18n._(typeof words === 'object' ? words : UNKNOWN_CODE)
}

/**
 * Why the plan could not be calculated, on the card, and whether Try again can help: not for a refused request,
 * which would be refused again (its code says what to change instead). While the browser is offline it says so.
 */
export function calculationFailureWords(
  failure: CalculationFailure | null,
  online: boolean,
  i18n: I18n,
): (FailureWords & { tryAgain: boolean }) | null {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const tryAgain = t(msg`Press Try again.`)
  if (!online)
    return {
      title: t(msg`You are offline`),
      description: t(msg`The plan will be calculated when the connection is back.`),
      tryAgain: failure !== null,
    }
  if (!failure) return null
  const words: Record<CalculationFailure['kind'], () => FailureWords> = {
    session: () => ({ title: t(SESSION), description: t(msg`The page will renew it, or press Try again.`) }),
    unavailable: () => ({ title: t(UNAVAILABLE), description: t(msg`Wait a moment and press Try again.`) }),
    connection: () => ({
      title: t(msg`No connection`),
      description: t(msg`Check your connection and press Try again.`),
    }),
    timeout: () => ({ title: t(msg`The service took too long to answer`), description: tryAgain }),
    unreadable: () => ({ title: t(msg`The service's answer could not be read`), description: tryAgain }),
    refused: () => ({ title: t(REFUSED_TITLE), description: refusalWords(failure.code, i18n) }),
  }
  return { ...words[failure.kind](), tryAgain: failure.kind !== 'refused' }
}

/**
 * Why a pressed SAVE stored nothing: the title says which call failed (the recalculation the save waited for, or
 * the save), the description how and what the student can do.
 */
export function saveFailureWords({ stage, failure }: SaveRefusal, i18n: I18n): FailureWords {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const title =
    stage === 'recalculation'
      ? t(msg`The plan was not saved: its new figures could not be calculated`)
      : t(msg`The plan was not saved`)
  const descriptions: Record<CalculationFailure['kind'], () => string> = {
    session: () =>
      stage === 'save'
        ? t(msg`Your session has expired: the plan will be saved as soon as the page renews it.`)
        : t(msg`Your session has expired: press SAVE again once the page has renewed it.`),
    unavailable: () => t(msg`The service is not available right now. Press SAVE again in a moment.`),
    connection: () => t(msg`The server could not be reached. Press SAVE again.`),
    timeout: () => t(msg`The server took too long to answer. Press SAVE again.`),
    unreadable: () => t(msg`The server's answer could not be read. Press SAVE again.`),
    refused: () => refusalWords(failure.code, i18n),
  }
  return { title, description: descriptions[failure.kind]() }
}

/** Why the API refused an amount the student typed, at its field, by the problem's code. */
export function amountRefusalWords(refusal: AmountRefusal, i18n: I18n): string {
  if (refusal.code === 'validation_failed') return i18n._(msg`Enter an amount in figures, such as 6000 or 6000.50`)
  const words = PROBLEM_WORDS[refusal.code]
  return i18n._(typeof words === 'object' ? words : msg`This amount was not accepted.`)
}
