import { beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGES } from '../domain/language.ts'
import type { SaveRefusal } from '../store/calculator-store.ts'
import { createI18n, loadWords } from './i18n.ts'
import { saveFailureWords } from './save-failure.ts'

const CASES: SaveRefusal[] = (['recalculation', 'save'] as const).flatMap((stage) => [
  { stage, failure: 'http', status: 503 },
  { stage, failure: 'network', status: null },
  { stage, failure: 'timeout', status: null },
  { stage, failure: 'response', status: 200 },
])

/** The title of a SAVE whose recalculation failed, and of one whose save failed, in each language. */
const TITLES = {
  es: ['No se ha guardado el plan: no se han podido calcular sus nuevas cifras', 'No se ha guardado el plan'],
  en: ['The plan was not saved: its new figures could not be calculated', 'The plan was not saved'],
  ca: ["No s'ha desat el pla: no s'han pogut calcular les noves xifres", "No s'ha desat el pla"],
  eu: ['Ez da plana gorde: ezin izan dira haren zifra berriak kalkulatu', 'Ez da plana gorde'],
  gl: ['Non se gardou o plan: non se puideron calcular as súas novas cifras', 'Non se gardou o plan'],
  pt: ['O plano não foi guardado: não foi possível calcular os novos valores', 'O plano não foi guardado'],
}
/** How each language writes "(error 503)". */
const ERROR_STATUS = {
  es: '(error 503)',
  en: '(error 503)',
  ca: '(error 503)',
  eu: '(503 errorea)',
  gl: '(erro 503)',
  pt: '(erro 503)',
}

describe('the notice of a SAVE that stored nothing', () => {
  beforeAll(() => Promise.all(LANGUAGES.map(loadWords)))

  it.each(LANGUAGES)(
    'says in %s which call failed (the title) and why (one distinct sentence per failure)',
    (language) => {
      const i18n = createI18n(language)
      const words = CASES.map((refusal) => saveFailureWords(refusal, i18n))
      const titles = TITLES[language]
      expect(words.map((w) => w.title)).toEqual(
        CASES.map((refusal) => titles[refusal.stage === 'recalculation' ? 0 : 1]),
      )
      expect(new Set(words.map((w) => w.description)).size).toBe(CASES.length / 2)
      // Nothing left untranslated, and the status is in the sentence when there is one.
      for (const [k, { description }] of words.entries()) {
        expect(description).not.toMatch(/\{|undefined|null/)
        if (CASES[k]!.failure === 'http') expect(description).toContain(ERROR_STATUS[language])
      }
    },
  )

  it('words a recalculation that failed for a 503 as the Spanish screen shows it', () => {
    expect(saveFailureWords({ stage: 'recalculation', failure: 'http', status: 503 }, createI18n('es'))).toEqual({
      title: 'No se ha guardado el plan: no se han podido calcular sus nuevas cifras',
      description: 'El servidor lo ha rechazado (error 503). Pulsa GUARDAR para intentarlo de nuevo.',
    })
  })
})
