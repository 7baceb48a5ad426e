// How the card words a failure, in the widget's language: a calculation's (the card's alert), a SAVE's (a notice)
// and a refused amount's (at its field). What a student reads with the network gone, or before any answer, comes
// with the first render: being offline, no connection, a time-out, an answer that could not be read, each failure's
// title, and the general sentence. What only a server's answer or a SAVE can bring (what a problem's code says to
// change, the session's and the service's sentences, a SAVE's notice) is a lazy chunk with a catalogue of its own
// (src/ui/failure-sentences/): preloaded when the browser is idle after the first figures, else fetched by the
// failure that needs it. Until it is here a failure shows its title (and Try again) alone; if it cannot be fetched,
// the general sentence stands in. The server's own `detail` is never shown: it goes to the host's event, and the
// card speaks the widget's language.

import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useEffect } from 'react'
import type { Language } from '../domain/language.ts'
import { whenIdle } from '../lazy/idle.ts'
import type { AmountRefusal, CalculationFailure, SaveRefusal } from '../store/calculator-store.ts'
import { failureSentencesChunk } from './chunks.ts'
import { useCalculator, useCalculatorContext } from './context.ts'
import type { AnsweredFailure, FailureSentences, FailureWords } from './failure-sentences/sentences.ts'
import { useLanguagePiece } from './useChunk.ts'

/**
 * What a failure says when its own sentence could not be fetched, and what a chunk that failed to load says: a way
 * on that needs nothing fetched.
 */
export const GENERAL_SENTENCE = msg`Check your connection and reload the page.`

/** The failure sentences in a language, if on hand. */
export const failureSentencesOf = (language: Language): FailureSentences | undefined =>
  failureSentencesChunk.loaded()?.failureSentencesOf(language)

/** The failure sentences in a language, fetched once per page; rejects with a ChunkLoadError (a later call retries). */
export const loadFailureSentences = (language: Language): Promise<FailureSentences> =>
  failureSentencesChunk.load().then((chunk) => chunk.loadFailureSentences(language))

/** The sentences a part showing a failure has: on hand, on their way (neither), or not to be had. */
export interface FetchedSentences {
  sentences: FailureSentences | undefined
  unreachable: boolean
}

/**
 * A failure only an answer of the server brings (a 401/403, a 5xx or 429, any other error status): ky's chunk was
 * fetched to read it (src/api/request.ts), so the network was there, and its sentence can be fetched too.
 */
export const isAnswered = (failure: CalculationFailure | null): failure is AnsweredFailure =>
  failure?.kind === 'session' || failure?.kind === 'unavailable' || failure?.kind === 'refused'

/** The sentence a failure waits for: the fetched one, the general one when it cannot be had, null while on its way. */
function fetchedSentence(say: (sentences: FailureSentences) => string, fetched: FetchedSentences, i18n: I18n) {
  return fetched.sentences ? say(fetched.sentences) : fetched.unreachable ? i18n._(GENERAL_SENTENCE) : null
}

/**
 * Why the plan could not be calculated, on the card, and whether Try again can help: not for a refused request,
 * which would be refused again (its code says what to change instead). While the browser is offline it says so.
 * The description is null while the sentence of a failure the server answered is on its way.
 */
export function calculationFailureWords(
  failure: CalculationFailure | null,
  online: boolean,
  i18n: I18n,
  fetched: FetchedSentences,
): { title: string; description: string | null; tryAgain: boolean } | null {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  if (!online)
    return {
      title: t(msg`You are offline`),
      description: t(msg`The plan will be calculated when the connection is back.`),
      tryAgain: failure !== null,
    }
  if (!failure) return null
  const tryAgain = msg`Press Try again.`
  // A title and its sentence; a failure the server answered takes its sentence from the failure sentences.
  const words: Record<CalculationFailure['kind'], [MessageDescriptor, MessageDescriptor?]> = {
    session: [msg`Your session has expired`],
    unavailable: [msg`The service is not available right now`],
    connection: [msg`No connection`, msg`Check your connection and press Try again.`],
    timeout: [msg`The service took too long to answer`, tryAgain],
    unreadable: [msg`The service's answer could not be read`, tryAgain],
    refused: [msg`The plan could not be calculated with these details`],
  }
  const [title, sentence] = words[failure.kind]
  return {
    title: t(title),
    description: isAnswered(failure)
      ? fetchedSentence((sentences) => sentences.calculation(failure), fetched, i18n)
      : sentence
        ? t(sentence)
        : null,
    tryAgain: failure.kind !== 'refused',
  }
}

/**
 * A SAVE's notice, by the failure sentences of its language (a notice waits for them: src/ui/widget.ts); without
 * them, that the plan was not saved and the general sentence.
 */
export function saveFailureWords(
  refusal: SaveRefusal,
  i18n: I18n,
  sentences: FailureSentences | undefined,
): FailureWords {
  return sentences
    ? sentences.save(refusal)
    : { title: i18n._(msg`The plan was not saved`), description: i18n._(GENERAL_SENTENCE) }
}

/** Why the API refused an amount the student typed, at its field; null while its sentence is on its way. */
export function amountRefusalWords(refusal: AmountRefusal, i18n: I18n, fetched: FetchedSentences): string | null {
  // A refusal of the amount's form says what the field says of an amount it cannot read itself.
  if (refusal.code === 'validation_failed') return i18n._(msg`Enter an amount in figures, such as 6000 or 6000.50`)
  return fetchedSentence((sentences) => sentences.amount(refusal), fetched, i18n)
}

/**
 * The failure sentences in the card's language, for a part that shows a failure that needs them (`needed`):
 * fetched then if they are not on hand; a failure to fetch them is reported once, as every lazy chunk's is.
 */
export function useFailureSentences(needed: boolean): FetchedSentences {
  const { language, reportChunkFailure } = useCalculatorContext()
  const sentences = failureSentencesOf(language)
  const ready = !needed || sentences !== undefined
  const unreachable = useLanguagePiece(language, ready, loadFailureSentences, reportChunkFailure)
  return { sentences, unreachable }
}

/**
 * Once the card shows figures, the failure sentences of its language come when the browser is idle after the frame
 * that draws them, as ky's chunk does (src/api/request.ts): a failure after the first figures finds them on hand. A
 * failure here is silent: the failure that needs them reports it.
 */
export function usePreloadedFailureSentences(active: boolean): void {
  const { language } = useCalculatorContext()
  const figures = useCalculator((s) => s.result !== null)
  useEffect(() => {
    if (!active || !figures || failureSentencesOf(language)) return
    return whenIdle(() => void loadFailureSentences(language).catch(() => {}))
  }, [active, figures, language])
}
