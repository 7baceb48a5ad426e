import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SaveRefusal } from '../store/calculator-store.ts'

/**
 * Why a pressed SAVE stored nothing, in the widget's language: the title says
 * which call failed (the recalculation the save waited for, or the save), the
 * description how and what the user can do. Each is one whole sentence, so
 * translators see it whole; they are few and short, as every catalogue entry
 * weighs on the first render.
 */
export function saveFailureWords(refusal: SaveRefusal, i18n: I18n): { title: string; description: string } {
  const status = refusal.status ?? 0
  const title =
    refusal.stage === 'recalculation'
      ? i18n._(msg`The plan was not saved: its new figures could not be calculated`)
      : i18n._(msg`The plan was not saved`)
  let description: string
  if (refusal.failure === 'http')
    description = i18n._(msg`The server refused it (error ${status}). Press SAVE to try again.`)
  else if (refusal.failure === 'timeout')
    description = i18n._(msg`The server took too long to answer. Press SAVE again.`)
  else if (refusal.failure === 'response')
    description = i18n._(msg`The server's answer could not be read. Press SAVE again.`)
  else description = i18n._(msg`The server could not be reached. Press SAVE again.`)
  return { title, description }
}
