import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES, type Language } from '../../domain/language.ts'
import type { CalculationFailure, CalculationFailureKind, SaveRefusal } from '../../store/calculator-store.ts'
import { type FailureSentences, loadFailureSentences, PROBLEM_WORDS } from './sentences.ts'

/** Every problem `code` the reference API declares in its OpenAPI document (each `code` property's enum or const). */
function openApiCodes(): string[] {
  const document = JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../../contract/openapi/openapi.json'), 'utf8'),
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

const sentences = {} as Record<Language, FailureSentences>
beforeAll(async () => {
  for (const language of LANGUAGES) sentences[language] = await loadFailureSentences(language)
})

/** What a failed calculation with this code says under its title: by its kind, or by its code when refused. */
const calculationSentence = (language: Language, code: string) => {
  const kind = PROBLEM_WORDS[code]
  return sentences[language].calculation(
    typeof kind === 'string' ? { kind, status: null, code } : { kind: 'refused', status: 422, code },
  )
}

describe('the sentence of every problem code', () => {
  const codes = openApiCodes()

  it('reads the codes the reference API declares', () => {
    expect(codes).toContain('amount_too_small')
    expect(codes.length).toBeGreaterThan(15)
  })

  it.each(codes)('has one for %s', (code) => {
    expect(Object.keys(PROBLEM_WORDS)).toContain(code)
  })

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'says each in %s, never in English, and an unknown code in a general sentence of its own',
    (language) => {
      const general = calculationSentence(language, 'not_a_code_of_ours')
      expect(general).not.toBe(calculationSentence('en', 'not_a_code_of_ours'))
      for (const code of codes) {
        const said = calculationSentence(language, code)
        expect(said, code).not.toBe(calculationSentence('en', code))
        expect(said, code).not.toBe(general)
        expect(said, code).not.toMatch(/\{|undefined|null/)
      }
    },
  )

  it("never shows the server's detail: an unknown amount code gets the widget's own sentence", () => {
    for (const language of LANGUAGES)
      expect(sentences[language].amount({ field: 'initialAmount', value: 1, code: 'something_new' })).not.toContain(':')
    expect(sentences.eu.amount({ field: 'initialAmount', value: 0.05, code: 'amount_too_small' })).toBe(
      'Zenbateko hau txikiegia da hainbeste kuotatarako: aukeratu kuota gutxiago edo zenbateko handiagoa.',
    )
  })

  it('speaks to the student as tú in Spanish, as the rest of the card does', () => {
    const said = [
      ...(['session', 'unavailable', 'refused'] as const).map((kind) =>
        sentences.es.calculation({ kind, status: null, code: null }),
      ),
      ...KINDS.flatMap((kind) => Object.values(sentences.es.save({ stage: 'save', failure: failure(kind) }))),
    ]
    for (const sentence of said)
      expect(sentence).not.toMatch(/\b(pulse|compruebe|espere|puede|su sesión|su plan|está sin)\b/i)
    expect(sentences.es.calculation({ kind: 'session', status: 401, code: null })).toBe(
      'La página la renovará; también puedes pulsar Reintentar.',
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
      const words = CASES.map((refusal) => sentences[language].save(refusal))
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
    expect(sentences.es.save({ stage: 'save', failure: failure('session', 'token_expired') })).toEqual({
      title: 'No se ha guardado el plan',
      description: 'Tu sesión ha caducado: el plan se guardará en cuanto la página la renueve.',
    })
  })

  it('says what to change for a refused save, with no "press SAVE again" that would be refused again', () => {
    const words = sentences.en.save({ stage: 'save', failure: failure('refused', 'fee_count_out_of_range') })
    expect(words.description).toBe('This number of fees is not offered: choose another.')
  })
})
