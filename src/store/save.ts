// The save: SAVE pressed (at once, or queued behind a recalculation), its Idempotency-Key, the host's plan that
// waits for it, and the version number of a version opened by hash.

import type { ApiError } from '../api/errors.ts'
import { newIdempotencyKey } from '../api/request.ts'
import { saveLocks, savePayload, usesAnonymousEndpoints } from '../domain/payload.ts'
import type { TuitionInput } from '../domain/types.ts'
import { calculationFailureOf, failureOf } from './failures.ts'
import { latestCall, type SliceContext } from './slice.ts'
import type { CalculatorActions, SaveRefusal, SaveState } from './state.ts'

export const saveCleared = (versionHashCode: string | null): SaveState => ({
  saveQueued: false,
  saving: false,
  versionLocked: false,
  planSent: false,
  versionHashCode,
  versionNumber: null,
  savedVersion: null,
})

/**
 * A save is never lost nor mismatched: SAVE pressed during a recalculation waits for its result and saves that
 * (or says why not); from the press until the save answers the plan cannot change — the student's changes are
 * refused and a new plan from the host waits — so the figures, the saved version, the schedule and the host's
 * event all describe one plan.
 */
export function createSaveSlice({ set, get, deps, api, describe, links }: SliceContext) {
  // The save under way: cancelled only when the store is cleared or reloaded.
  const latest = latestCall(describe)
  // The newest plan the host sent while a save was pending or under way: applied once it answers.
  let waitingInput: TuitionInput | null = null
  // The key of a save that did not answer: pressing SAVE again on the same plan reuses it, so the server stores
  // that plan once even if the lost save had reached it.
  let unanswered: { body: string; key: string } | null = null
  // That save was refused for the session (401/403): the host's fresh token sends it again, with the same key.
  let refusedForSession = false
  links.cancel.push(() => {
    latest.cancel()
    waitingInput = null
    unanswered = null
    refusedForSession = false
  })

  /**
   * A pressed SAVE that stored nothing. Embedded mode: a notice says why and the host gets the failure.
   * Hash mode keeps its rule that failures are only logged and the screen does not change.
   */
  const refuse = (stage: SaveRefusal['stage'], error: ApiError) => {
    if (get().mode !== 'embedded') {
      deps.log('save failed', error)
      return
    }
    deps.notify({ kind: 'save_failed', stage, failure: calculationFailureOf(error) })
    deps.emit('feeOptionSelectedEvent', failureOf(error))
  }

  /** The save body of the plan on screen, as text (null when there is none). */
  const bodyOnScreen = () => {
    const { input, choice, result, mode, versionHashCode } = get()
    if (!input || !choice || !result) return null
    return JSON.stringify(savePayload(input, choice, { embedded: mode === 'embedded', currentHash: versionHashCode }))
  }

  /** After a save answers: the plan the host sent meanwhile, if any, now replaces the one on screen. */
  const applyWaitingInput = () => {
    const next = waitingInput
    waitingInput = null
    if (next) links.replacePlan(next)
  }

  /** Saves the plan on screen: no calculation is under way, and nothing may change it until it answers. */
  const carryOut = async () => {
    const { input, choice, result, mode, versionHashCode } = get()
    if (!input || !choice || !result) {
      set({ saveQueued: false })
      return
    }
    const embedded = mode === 'embedded'
    const body = savePayload(input, choice, { embedded, currentHash: versionHashCode })
    const bodyText = JSON.stringify(body)
    links.cancelPreview()
    set({ saveQueued: false, saving: true })
    const key = unanswered?.body === bodyText ? unanswered.key : newIdempotencyKey()
    unanswered = { body: bodyText, key }
    refusedForSession = false
    const outcome = await latest.run((signal) =>
      api.frontCalculateFees(body, usesAnonymousEndpoints(input, embedded), signal, key),
    )
    // Cancelled (the store cleared or reloaded): the host is told nothing more.
    if (!outcome) return
    if ('error' in outcome) {
      const { kind } = calculationFailureOf(outcome.error)
      // A refusal stands: nothing was stored, and a new press is a new save. An answer that may have been lost keeps
      // its key for the next press; one refused for the session keeps it for the host's fresh token.
      if (kind === 'refused') unanswered = null
      refusedForSession = kind === 'session'
      set({ saving: false })
      refuse('save', outcome.error)
    } else {
      const table = outcome.value
      unanswered = null
      set({
        saving: false,
        // The plan on screen is saved: a recalculation that failed before is no longer the student's way on.
        failure: null,
        amortization: table,
        planSent: true,
        versionLocked: saveLocks(input, embedded),
        ...(table.versionHashCode
          ? {
              versionHashCode: table.versionHashCode,
              versionNumber: table.versionNumber,
              savedVersion: table.versionHashCode,
            }
          : {}),
      })
      deps.emit('feeOptionSelectedEvent', table)
    }
    applyWaitingInput()
  }

  links.afterRecalculation = async (error) => {
    if (!get().saveQueued) return
    if (!error) return carryOut()
    set({ saveQueued: false })
    refuse('recalculation', error)
    applyWaitingInput()
  }

  links.tokenRefreshed = () => {
    const { saving, saveQueued, calculating, versionLocked, amountRefusal } = get()
    if (!refusedForSession || saving || saveQueued || calculating || versionLocked || amountRefusal) return false
    // Only for the plan it was refused for: a plan changed since is saved by a press of its own.
    refusedForSession = false
    if (!unanswered || bodyOnScreen() !== unanswered.body) return false
    void carryOut()
    return true
  }

  links.holdInput = (input) => {
    const { saving, saveQueued } = get()
    if (!input) {
      waitingInput = null
      return false
    }
    if (!saving && !saveQueued) return false
    waitingInput = input
    return true
  }

  links.fetchVersionNumber = async (versionHashCode, contractId) => {
    if (!contractId) return
    try {
      const versionNumber = await api.versionNumber(versionHashCode, contractId)
      if (get().versionHashCode === versionHashCode) set({ versionNumber })
    } catch (error) {
      deps.log('version number fetch failed', await describe(error).catch(() => error))
      deps.notify({ kind: 'version_number_failed' })
    }
  }

  return {
    ...saveCleared(null),

    async save() {
      const { input, choice, result, versionLocked, saving, saveQueued, calculating, amountRefusal } = get()
      if (!input || !choice || !result || versionLocked || saving || saveQueued || amountRefusal) return
      // A press replaces a save refused for the session: the host's fresh token no longer sends that one, whether this
      // one is sent now or waits for a recalculation that then fails.
      refusedForSession = false
      // The press is for the plan being recalculated: it is saved when its result is on screen.
      if (calculating) {
        set({ saveQueued: true })
        return
      }
      await carryOut()
    },
  } satisfies SaveState & Pick<CalculatorActions, 'save'>
}
