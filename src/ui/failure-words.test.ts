import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../domain/language.ts'
import type { CalculationFailure, CalculationFailureKind, SaveRefusal } from '../store/calculator-store.ts'
import {
  amountRefusalWords,
  calculationFailureWords,
  PROBLEM_WORDS,
  refusalWords,
  saveFailureWords,
} from './failure-words.ts'
import { createI18n, loadWords } from './i18n.ts'

/** Every problem `code` the reference API declares in its OpenAPI document (each `code` property's enum or const). */
function openApiCodes(): string[] {
  const document = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../contract/openapi/openapi.json'), 'utf8'),
  ) as unknown
  const codes = new Set<string>()
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'code' && value && typeof value === 'object') {
          const { enum: values, const: one } = value as { enum?: string[]; const?: string }
          for (const code of [...(values ?? []), ...(one ? [one] : [])]) codes.add(code)
        }
        visit(value)
      }
    }
  }
  visit(document)
  return [...codes].sort()
}

const KINDS: CalculationFailureKind[] = ['session', 'unavailable', 'connection', 'timeout', 'unreadable', 'refused']
const failure = (kind: CalculationFailureKind, code: string | null = null): CalculationFailure => ({
  kind,
  status: null,
  code,
})

beforeAll(() => Promise.all(LANGUAGES.map(loadWords)))

describe('the words of every problem code', () => {
  const codes = openApiCodes()

  it('reads the codes the reference API declares', () => {
    expect(codes).toContain('amount_too_small')
    expect(codes.length).toBeGreaterThan(15)
  })

  it.each(codes)('has words for %s', (code) => {
    expect(Object.keys(PROBLEM_WORDS)).toContain(code)
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'says each in %s, never in English, and an unknown code in a general sentence of its own',
    (language) => {
      const english = createI18n('en')
      const i18n = createI18n(language)
      const general = refusalWords('not_a_code_of_ours', i18n)
      expect(general).not.toBe(refusalWords('not_a_code_of_ours', english))
      for (const code of codes) {
        const kind = PROBLEM_WORDS[code]
        const said =
          typeof kind === 'string'
            ? calculationFailureWords(failure(kind, code), true, i18n)!.description
            : refusalWords(code, i18n)
        const inEnglish =
          typeof kind === 'string'
            ? calculationFailureWords(failure(kind, code), true, english)!.description
            : refusalWords(code, english)
        expect(said, code).not.toBe(inEnglish)
        expect(said, code).not.toBe(general)
        expect(said, code).not.toMatch(/\{|undefined|null/)
      }
    },
  )

  it("never shows the server's detail: an unknown amount code gets the widget's own sentence", () => {
    for (const language of LANGUAGES) {
      const words = amountRefusalWords(
        { field: 'initialAmount', value: 1, code: 'something_new' },
        createI18n(language),
      )
      expect(words).not.toContain(':')
    }
    expect(
      amountRefusalWords({ field: 'initialAmount', value: 0.05, code: 'amount_too_small' }, createI18n('eu')),
    ).toBe('Zenbateko hau txikiegia da hainbeste kuotatarako: aukeratu kuota gutxiago edo zenbateko handiagoa.')
  })
})

describe('the card of a failed calculation', () => {
  it.each(LANGUAGES)('in %s offers Try again only where it can succeed', (language) => {
    const i18n = createI18n(language)
    for (const kind of KINDS)
      expect(calculationFailureWords(failure(kind), true, i18n)?.tryAgain, kind).toBe(kind !== 'refused')
    // A refused fee count says what to change.
    expect(calculationFailureWords(failure('refused', 'fee_count_out_of_range'), true, i18n)?.description).toBe(
      refusalWords('fee_count_out_of_range', i18n),
    )
  })

  it('speaks to the student as tú in Spanish, as the rest of the card does', () => {
    const i18n = createI18n('es')
    const said = [
      ...KINDS.flatMap((kind) => Object.values(calculationFailureWords(failure(kind), true, i18n)!)),
      ...Object.values(calculationFailureWords(null, false, i18n)!),
      ...KINDS.flatMap((kind) => Object.values(saveFailureWords({ stage: 'save', failure: failure(kind) }, i18n))),
    ].filter((word): word is string => typeof word === 'string')
    for (const sentence of said)
      expect(sentence).not.toMatch(/\b(pulse|compruebe|espere|puede|su sesión|su plan|está sin)\b/i)
    expect(calculationFailureWords(failure('connection'), true, i18n)?.description).toBe(
      'Comprueba tu conexión y pulsa Reintentar.',
    )
  })
})

describe('the notice of a SAVE that stored nothing', () => {
  const CASES: SaveRefusal[] = (['recalculation', 'save'] as const).flatMap((stage) =>
    KINDS.filter((kind) => kind !== 'refused').map((kind) => ({ stage, failure: failure(kind) })),
  )

  /** The title of a SAVE whose recalculation failed, and of one whose save failed, in each language. */
  const TITLES = {
    es: ['No se ha guardado el plan: no se han podido calcular sus nuevas cifras', 'No se ha guardado el plan'],
    en: ['The plan was not saved: its new figures could not be calculated', 'The plan was not saved'],
    ca: ["No s'ha desat el pla: no s'han pogut calcular les noves xifres", "No s'ha desat el pla"],
    eu: ['Ez da plana gorde: ezin izan dira haren zifra berriak kalkulatu', 'Ez da plana gorde'],
    gl: ['Non se gardou o plan: non se puideron calcular as súas novas cifras', 'Non se gardou o plan'],
    pt: ['O plano não foi guardado: não foi possível calcular os novos valores', 'O plano não foi guardado'],
  }

  it.each(LANGUAGES)(
    'says in %s which call failed (the title) and why (one distinct sentence per failure)',
    (language) => {
      const i18n = createI18n(language)
      const words = CASES.map((refusal) => saveFailureWords(refusal, i18n))
      const titles = TITLES[language]
      expect(words.map((w) => w.title)).toEqual(
        CASES.map((refusal) => titles[refusal.stage === 'recalculation' ? 0 : 1]),
      )
      // Each failure its own sentence; the session's differs by stage (only a save is sent again by itself).
      expect(new Set(words.map((w) => w.description)).size).toBe(CASES.length / 2 + 1)
      for (const { description } of words) expect(description).not.toMatch(/\{|undefined|null/)
    },
  )

  it('words a save refused for the session like a calculation, and says it is sent again by itself', () => {
    expect(saveFailureWords({ stage: 'save', failure: failure('session', 'token_expired') }, createI18n('es'))).toEqual(
      {
        title: 'No se ha guardado el plan',
        description: 'Tu sesión ha caducado: el plan se guardará en cuanto la página la renueve.',
      },
    )
  })

  it('says what to change for a refused save, with no "press SAVE again" that would be refused again', () => {
    const words = saveFailureWords(
      { stage: 'save', failure: failure('refused', 'fee_count_out_of_range') },
      createI18n('en'),
    )
    expect(words.description).toBe('This number of fees is not offered: choose another.')
  })
})
