/// <reference path="../po.d.ts" />
// What a failure says beyond its title, when only a server's answer or a SAVE can bring it: what a problem's code
// says to change, the session's and the service's sentences, a SAVE's notice. A lazy chunk with a catalogue of its
// own (src/ui/failure-words.ts says what stays with the first render, and how the card waits for these).
import type { ProblemCode } from '@fees-calculator/contract'
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Language } from '../../domain/language.ts'
import { setChunkIntegrity } from '../../lazy/chunk.ts'
import { languageChunks } from '../../lazy/language-chunks.ts'
import type { AmountRefusal, CalculationFailure, SaveRefusal } from '../../store/calculator-store.ts'
import { messages as esMessages } from './locales/es/messages.po'

// The script-tag build writes the word chunks' sha256 here (vite.config.ts): this chunk, checked itself, vouches
// for them. Other builds leave the placeholder, and nothing is checked, as for the entry.
setChunkIntegrity(__FEES_CALCULATOR_NESTED_INTEGRITY__, import.meta.url)

/**
 * The sentences in every language: Spanish's come in this chunk, every other language's in a small chunk of its
 * own, fetched when the card first needs them in it.
 */
const sentenceChunks = languageChunks(
  'failure-sentences',
  { messages: esMessages },
  import.meta.glob<{ messages: Messages }>(['./locales/*/messages.po', '!./locales/es/*']),
)

export interface FailureWords {
  title: string
  description: string
}

/** A failed calculation the server answered: the only kinds whose sentence is not on the first path. */
export type AnsweredFailure = CalculationFailure & { kind: 'session' | 'unavailable' | 'refused' }

/** What a failure says beyond its title, in one language. Each message is one whole sentence, so translators see it whole. */
export interface FailureSentences {
  /** Under a failed calculation's title: what the student can do. */
  calculation(failure: AnsweredFailure): string
  /** Why a pressed SAVE stored nothing: the title says which call failed, the description how and what to do. */
  save(refusal: SaveRefusal): FailureWords
  /** Why the API refused an amount the student typed, at its field, by the problem's code. */
  amount(refusal: AmountRefusal): string
}

const UNREADABLE_REQUEST = msg`The service could not read what was sent: reload the page.`
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

/** The sentences in a language's catalogue. */
export function sentencesIn(i18n: I18n): FailureSentences {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  /** What a refused request's code says to change; a code the widget does not know gets a general sentence. */
  const refusal = (code: string | null, unknown = UNKNOWN_CODE) => {
    const words = code ? PROBLEM_WORDS[code] : undefined
    return t(typeof words === 'object' ? words : unknown)
  }
  return {
    calculation: (failure) =>
      failure.kind === 'session'
        ? t(msg`The page will renew it, or press Try again.`)
        : failure.kind === 'unavailable'
          ? t(msg`Wait a moment and press Try again.`)
          : refusal(failure.code),
    save({ stage, failure }) {
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
        refused: () => refusal(failure.code),
      }
      return { title, description: descriptions[failure.kind]() }
    },
    amount: ({ code }) => refusal(code, msg`This amount was not accepted.`),
  }
}

const instances = new Map<Language, FailureSentences>()

/** The sentences in a language, if on hand (Spanish always, once this chunk is). */
export function failureSentencesOf(language: Language): FailureSentences | undefined {
  let sentences = instances.get(language)
  const messages = sentences ? undefined : sentenceChunks[language].loaded()?.messages
  if (!sentences && messages) {
    sentences = sentencesIn(setupI18n({ locale: language, messages: { [language]: messages } }))
    instances.set(language, sentences)
  }
  return sentences
}

/** The sentences in a language, fetched once per page; rejects with a ChunkLoadError (a later call tries again). */
export async function loadFailureSentences(language: Language): Promise<FailureSentences> {
  await sentenceChunks[language].load()
  return failureSentencesOf(language) as FailureSentences
}
