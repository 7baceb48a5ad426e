import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SaveRefusal } from '../store/calculator-store.ts'

/** Statuses that mean the credentials were refused: the host has to hand a fresh token. */
const AUTH_STATUSES: readonly (number | null)[] = [401, 403]

/**
 * Why a pressed SAVE stored nothing, in the widget's language: which call
 * failed (the recalculation the save waited for, or the save), how, and what
 * the user can do. Each case is one whole sentence, so translators see it whole.
 */
export function saveFailureWords(refusal: SaveRefusal, i18n: I18n): { title: string; description: string } {
  const status = refusal.status ?? 0
  const auth = refusal.failure === 'http' && AUTH_STATUSES.includes(refusal.status)
  let description: string
  if (refusal.stage === 'recalculation') {
    if (auth) description = i18n._(msg`The new figures could not be calculated because the session has expired (error ${status}). Try again in a moment.`)
    else if (refusal.failure === 'http') description = i18n._(msg`The new figures could not be calculated (error ${status}). Check the plan and press SAVE again.`)
    else if (refusal.failure === 'timeout') description = i18n._(msg`The new figures could not be calculated: the server took too long to answer. Press SAVE again.`)
    else if (refusal.failure === 'response') description = i18n._(msg`The new figures could not be calculated: the server's answer could not be read. Press SAVE again.`)
    else description = i18n._(msg`The new figures could not be calculated: the server could not be reached. Check your connection and press SAVE again.`)
  } else if (auth) description = i18n._(msg`The session has expired (error ${status}). Try again in a moment.`)
  else if (refusal.failure === 'http') description = i18n._(msg`The server refused the plan (error ${status}). Press SAVE to try again.`)
  else if (refusal.failure === 'timeout') description = i18n._(msg`The server took too long to answer. Press SAVE again.`)
  else if (refusal.failure === 'response') description = i18n._(msg`The server's answer could not be read, so the plan may not have been saved. Press SAVE again.`)
  else description = i18n._(msg`The server could not be reached. Check your connection and press SAVE again.`)
  return { title: i18n._(msg`The plan was not saved`), description }
}
