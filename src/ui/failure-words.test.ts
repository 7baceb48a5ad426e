import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../domain/language.ts'
import type { CalculationFailure, CalculationFailureKind } from '../store/calculator-store.ts'
import {
  amountRefusalWords,
  calculationFailureWords,
  type FetchedSentences,
  GENERAL_SENTENCE,
  isAnswered,
  loadFailureSentences,
  saveFailureWords,
} from './failure-words.ts'
import { createI18n, loadWords } from './i18n.ts'

const KINDS: CalculationFailureKind[] = ['session', 'unavailable', 'connection', 'timeout', 'unreadable', 'refused']
const failure = (kind: CalculationFailureKind, code: string | null = null): CalculationFailure => ({
  kind,
  status: null,
  code,
})
const ON_THEIR_WAY: FetchedSentences = { sentences: undefined, unreachable: false }
const UNREACHABLE: FetchedSentences = { sentences: undefined, unreachable: true }

beforeAll(() => Promise.all(LANGUAGES.map(loadWords)))

describe('the card of a failed calculation', () => {
  it.each(LANGUAGES)('in %s offers Try again only where it can succeed', async (language) => {
    const i18n = createI18n(language)
    const fetched = { sentences: await loadFailureSentences(language), unreachable: false }
    for (const kind of KINDS)
      expect(calculationFailureWords(failure(kind), true, i18n, fetched)?.tryAgain, kind).toBe(kind !== 'refused')
    // A refused fee count says what to change, with the failure sentences.
    expect(
      calculationFailureWords(failure('refused', 'fee_count_out_of_range'), true, i18n, fetched)?.description,
    ).toBe(fetched.sentences.calculation({ kind: 'refused', status: null, code: 'fee_count_out_of_range' }))
  })

  it.each(LANGUAGES)(
    'in %s says at once what a student meets with no network or before any answer: offline, no connection, a time-out, an unreadable answer',
    (language) => {
      const i18n = createI18n(language)
      for (const said of [
        calculationFailureWords(null, false, i18n, ON_THEIR_WAY),
        ...KINDS.filter((kind) => !isAnswered(failure(kind))).map((kind) =>
          calculationFailureWords(failure(kind), true, i18n, ON_THEIR_WAY),
        ),
      ]) {
        expect(said?.title).toBeTruthy()
        expect(said?.description).toBeTruthy()
      }
    },
  )

  it.each(LANGUAGES)(
    'in %s titles a failure the server answered at once, its sentence once it has arrived, the general one if it cannot',
    async (language) => {
      const i18n = createI18n(language)
      const sentences = await loadFailureSentences(language)
      for (const kind of ['session', 'unavailable', 'refused'] as const) {
        const waiting = calculationFailureWords(failure(kind, 'amount_too_large'), true, i18n, ON_THEIR_WAY)
        const arrived = calculationFailureWords(failure(kind, 'amount_too_large'), true, i18n, {
          sentences,
          unreachable: false,
        })
        const general = calculationFailureWords(failure(kind, 'amount_too_large'), true, i18n, UNREACHABLE)
        expect(waiting?.title).toBe(arrived?.title)
        expect(waiting?.description, kind).toBeNull()
        expect(arrived?.description).toBe(sentences.calculation({ kind, status: null, code: 'amount_too_large' }))
        expect(general?.description).toBe(i18n._(GENERAL_SENTENCE))
        expect(general?.description).not.toBe(arrived?.description)
        expect(general?.tryAgain).toBe(kind !== 'refused')
      }
    },
  )

  it('speaks to the student as tú in Spanish, as the rest of the card does', () => {
    const i18n = createI18n('es')
    const said = [
      ...KINDS.flatMap((kind) => Object.values(calculationFailureWords(failure(kind), true, i18n, UNREACHABLE)!)),
      ...Object.values(calculationFailureWords(null, false, i18n, ON_THEIR_WAY)!),
      ...Object.values(saveFailureWords({ stage: 'save', failure: failure('connection') }, i18n, undefined)),
    ].filter((word): word is string => typeof word === 'string')
    for (const sentence of said)
      expect(sentence).not.toMatch(/\b(pulse|compruebe|espere|puede|su sesión|su plan|está sin)\b/i)
    expect(calculationFailureWords(failure('connection'), true, i18n, ON_THEIR_WAY)?.description).toBe(
      'Comprueba tu conexión y pulsa Reintentar.',
    )
  })
})

describe('a refused amount at its field', () => {
  it('says at once what the field says of an amount in words, and waits for the sentence of any other code', () => {
    const eu = createI18n('eu')
    expect(amountRefusalWords({ field: 'initialAmount', value: 1, code: 'validation_failed' }, eu, ON_THEIR_WAY)).toBe(
      'Idatzi zenbatekoa zifratan, adibidez 6000 edo 6000,50',
    )
    const tooSmall = { field: 'initialAmount', value: 0.05, code: 'amount_too_small' } as const
    expect(amountRefusalWords(tooSmall, eu, ON_THEIR_WAY)).toBeNull()
    expect(amountRefusalWords(tooSmall, eu, UNREACHABLE)).toBe('Egiaztatu konexioa eta kargatu berriro orria.')
  })
})

describe('the notice of a SAVE that stored nothing', () => {
  it.each(LANGUAGES)(
    'in %s says the plan was not saved and the general sentence when the failure sentences cannot be had',
    async (language) => {
      const i18n = createI18n(language)
      const refusal = { stage: 'recalculation', failure: failure('unavailable') } as const
      const without = saveFailureWords(refusal, i18n, undefined)
      const sentences = await loadFailureSentences(language)
      expect(without.title).toBe(sentences.save({ stage: 'save', failure: failure('unavailable') }).title)
      expect(without.description).toBe(i18n._(GENERAL_SENTENCE))
      expect(saveFailureWords(refusal, i18n, sentences)).toEqual(sentences.save(refusal))
    },
  )
})
