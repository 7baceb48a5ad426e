import { describe, expect, it } from 'vitest'
import type { SaveRefusal } from '../store/calculator-store.ts'
import { createI18n } from './i18n.ts'
import { saveFailureWords } from './save-failure.ts'

const CASES: SaveRefusal[] = (['recalculation', 'save'] as const).flatMap((stage) => [
  { stage, failure: 'http', status: 401 },
  { stage, failure: 'http', status: 503 },
  { stage, failure: 'network', status: null },
  { stage, failure: 'timeout', status: null },
  { stage, failure: 'response', status: 200 },
])

describe('the notice of a SAVE that stored nothing', () => {
  it.each(['es', 'en'] as const)('says in %s which call failed and why, one distinct sentence per case', (language) => {
    const i18n = createI18n(language)
    const words = CASES.map((refusal) => saveFailureWords(refusal, i18n))
    expect(new Set(words.map((w) => w.title))).toEqual(new Set([language === 'es' ? 'No se ha guardado el plan' : 'The plan was not saved']))
    expect(new Set(words.map((w) => w.description)).size).toBe(CASES.length)
    // Nothing left untranslated, and the status is in the sentence when there is one.
    for (const [k, { description }] of words.entries()) {
      expect(description).not.toMatch(/\{|undefined|null/)
      if (CASES[k]!.failure === 'http') expect(description).toContain(`(error ${CASES[k]!.status})`)
    }
  })

  it('words a recalculation that failed for a 503 as the Spanish screen shows it', () => {
    expect(saveFailureWords({ stage: 'recalculation', failure: 'http', status: 503 }, createI18n('es')).description).toBe(
      'No se han podido calcular las nuevas cifras (error 503). Revisa el plan y pulsa GUARDAR de nuevo.',
    )
  })
})
