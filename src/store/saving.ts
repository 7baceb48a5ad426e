// SAVE and what follows the first figures: the rules of a save, of the schedule asked for before saving, and of the
// saved version a plan replaces, read beside it. They are branches of the calculator's flow (src/store/flow.ts), on
// the flow's state, that the first figures do not need: they come with the card's save bar (src/ui/parts/SaveBar.tsx,
// a lazy chunk) that carries their buttons, asked for as the first calculation leaves, so that the first render
// carries none of them. Nothing calls them before they are here: their events come from that bar, or answer the
// calls they sent.
import type { ApiError } from '../api/errors.ts'
import { usesAnonymousEndpoints } from '../domain/payload.ts'
import { previewPayload, saveLocks, savePayload } from '../domain/save-payload.ts'
import type { AmortizationTable, SavedFeesTable, TuitionInput } from '../domain/types.ts'
import type { SavedPlanDetail } from '../events.ts'
import { calculationFailureOf, failureOf } from './failures.ts'
import { type Answer, cancel, emit, log, notify, replacePlan, send } from './flow.ts'
import type { CalculatorState, Effect, ReplacedVersion, SaveRefusal, SavingRules } from './state.ts'

/**
 * SAVE: saves the plan on screen. Pressed while a recalculation is under way, it waits for that result and saves it
 * (or says why not); pressed while the number of the saved version the plan replaces is on its way, it waits for
 * that number, which the host hears with the save. A press replaces a save refused for the session: the host's
 * fresh token no longer sends that one, whether this one is sent now or waits for a recalculation that then fails.
 */
function savePressed(state: CalculatorState, idempotencyKey: string, effects: Effect[]): CalculatorState {
  const { input, choice, result, versionLocked, saving, saveQueued, amountRefusal } = state
  if (!input || !choice || !result || versionLocked || saving || saveQueued || amountRefusal) return state
  return queuedSaveGoes({ ...state, refusedForSession: false, saveQueued: true, queuedKey: idempotencyKey }, effects)
}

/** The number of the saved version the plan replaces is on its way (its figures may be, before it). */
const numberOnItsWay = ({ replaced }: CalculatorState) => !!replaced?.reading && replaced.versionNumber === null

/**
 * A SAVE that waits goes once nothing it waits for is on its way: the recalculation of the plan it saves, the number
 * of the version that plan replaces.
 */
function queuedSaveGoes(state: CalculatorState, effects: Effect[]): CalculatorState {
  if (!state.saveQueued || state.calculating || numberOnItsWay(state)) return state
  return sendSave(state, state.queuedKey as string, effects)
}

/** The save body of the plan on screen, as text (null when there is none). */
function saveBodyText(state: CalculatorState): string | null {
  const { input, choice, result, mode, versionHashCode } = state
  if (!input || !choice || !result) return null
  return JSON.stringify(savePayload(input, choice, { embedded: mode === 'embedded', currentHash: versionHashCode }))
}

/**
 * Sends the save of the plan on screen: no calculation is under way, and nothing may change the plan until it
 * answers. The same plan as a save whose answer was lost goes with that save's key, so the server stores it once.
 */
function sendSave(state: CalculatorState, freshKey: string, effects: Effect[]): CalculatorState {
  const { input, choice, result, mode, versionHashCode } = state
  if (!input || !choice || !result) return { ...state, saveQueued: false, queuedKey: null }
  const embedded = mode === 'embedded'
  const body = savePayload(input, choice, { embedded, currentHash: versionHashCode })
  const bodyText = JSON.stringify(body)
  const key = state.unansweredSave?.body === bodyText ? state.unansweredSave.key : freshKey
  effects.push(
    cancel('schedule'),
    send('save', { api: 'frontCalculateFees', args: [body, usesAnonymousEndpoints(input, embedded), key] }),
  )
  return {
    ...state,
    saveQueued: false,
    queuedKey: null,
    saving: true,
    schedulePreview: 'idle',
    unansweredSave: { body: bodyText, key },
    refusedForSession: false,
  }
}

/**
 * A fresh token after a save refused for the session: that save goes again, with its key, but only for the plan it
 * was refused for (a plan changed since is saved by a press of its own), and only when nothing else holds the plan.
 */
function sessionRenewed(state: CalculatorState, effects: Effect[]): CalculatorState {
  const { saving, saveQueued, calculating, versionLocked, amountRefusal, unansweredSave } = state
  if (saving || saveQueued || calculating || versionLocked || amountRefusal) return state
  const next = { ...state, refusedForSession: false }
  if (unansweredSave && saveBodyText(next) === unansweredSave.body) return sendSave(next, unansweredSave.key, effects)
  return next
}

/** The dated schedule of the plan on screen, without saving; a schedule already on screen is the one for this plan. */
function scheduleAsked(state: CalculatorState, effects: Effect[]): CalculatorState {
  const { input, choice, result, mode, saving, calculating, amortization } = state
  if (!input || !choice || !result || saving || calculating || amortization || state.schedulePreview === 'loading')
    return state
  effects.push(
    send('schedule', {
      api: 'frontCalculateFees',
      // A preview stores nothing: no Idempotency-Key.
      args: [previewPayload(input, choice), usesAnonymousEndpoints(input, mode === 'embedded'), undefined],
    }),
  )
  return { ...state, schedulePreview: 'loading' }
}

/**
 * The plan's own figures are on screen: the saved version the plan replaces is read by its hash, never before (once),
 * and a SAVE pressed meanwhile saves them, once that version's number is here.
 */
function figuresShown(state: CalculatorState, effects: Effect[]): CalculatorState {
  const { replaced } = state
  if (!replaced || replaced.saved || replaced.failed || replaced.reading) return queuedSaveGoes(state, effects)
  effects.push(send('replaced', { api: 'feesTable', args: [replaced.versionHashCode] }))
  return { ...state, replaced: { ...replaced, reading: true } }
}

/** An answer in the save's, the schedule's or the replaced version's slot. */
function answered(state: CalculatorState, slot: 'save' | 'schedule' | 'replaced', answer: Answer, effects: Effect[]) {
  const replaced = state.replaced as ReplacedVersion
  switch (answer.api) {
    case 'frontCalculateFees':
      if (slot === 'save') return saved(state, answer.value, effects)
      return { ...state, schedulePreview: 'idle' as const, amortization: answer.value }
    case 'feesTable':
      return replacedRead(state, answer.value, effects)
    case 'versionNumber':
      return queuedSaveGoes(
        { ...state, replaced: { ...replaced, versionNumber: answer.value, reading: false } },
        effects,
      )
    default:
      return state
  }
}

/**
 * The save answered: the plan on screen is saved (and locked, but for ERP systems in embedded mode). The host hears
 * which saved version it replaces: the one its save was linked to.
 */
function saved(state: CalculatorState, table: AmortizationTable, effects: Effect[]): CalculatorState {
  const { replaced } = state
  const detail: SavedPlanDetail = {
    ...table,
    replacedVersion: replaced && { versionHashCode: replaced.versionHashCode, versionNumber: replaced.versionNumber },
  }
  effects.push(emit('feeOptionSelectedEvent', detail))
  return afterSave(
    {
      ...state,
      saving: false,
      unansweredSave: null,
      // The plan on screen is saved: a recalculation that failed before is no longer the student's way on.
      failure: null,
      amortization: detail,
      planSent: true,
      versionLocked: saveLocks(state.input as TuitionInput, state.mode === 'embedded'),
      ...(table.versionHashCode
        ? {
            versionHashCode: table.versionHashCode,
            versionNumber: table.versionNumber,
            savedVersion: table.versionHashCode,
          }
        : {}),
    },
    effects,
  )
}

/** After a save answers: the plan the host sent meanwhile, if any, now replaces the one on screen. */
function afterSave(state: CalculatorState, effects: Effect[]): CalculatorState {
  const waiting = state.waitingInput
  return waiting ? replacePlan({ ...state, waitingInput: null }, waiting, effects) : state
}

/** The replaced version read: its number follows, asked of the contract it was saved for. */
function replacedRead(state: CalculatorState, saved: SavedFeesTable, effects: Effect[]): CalculatorState {
  const { contractId } = saved.tuitionInput
  const replaced = { ...(state.replaced as ReplacedVersion), saved, reading: !!contractId }
  if (contractId) effects.push(send('replaced', { api: 'versionNumber', args: [replaced.versionHashCode, contractId] }))
  return queuedSaveGoes({ ...state, replaced }, effects)
}

/** A call in the save's, the schedule's or the replaced version's slot failed. */
function failed(
  state: CalculatorState,
  slot: 'save' | 'schedule' | 'replaced',
  error: ApiError,
  effects: Effect[],
): CalculatorState {
  switch (slot) {
    case 'save': {
      // A refusal stands: nothing was stored, and a new press is a new save. An answer that may have been lost keeps
      // its key for the next press; one refused for the session keeps it for the host's fresh token.
      const { kind } = calculationFailureOf(error)
      const refused: CalculatorState = {
        ...state,
        saving: false,
        unansweredSave: kind === 'refused' ? null : state.unansweredSave,
        refusedForSession: kind === 'session',
      }
      return saveRefused(refused, 'save', error, effects)
    }
    case 'schedule':
      // Not a save, so no feeOptionSelectedEvent: the host asked for nothing. The screen says it failed.
      effects.push(log('schedule preview failed', error))
      return { ...state, schedulePreview: 'failed' }
    case 'replaced': {
      // The card goes on without the version it replaces (and says so); a number that did not come is left out.
      effects.push(log('replaced version read failed', error))
      const replaced = state.replaced as ReplacedVersion
      return queuedSaveGoes({ ...state, replaced: { ...replaced, failed: !replaced.saved, reading: false } }, effects)
    }
  }
}

/** A recalculation a SAVE waited for failed: that SAVE is refused, as its plan has no new figures. */
function queuedSaveRefused(state: CalculatorState, error: ApiError, effects: Effect[]): CalculatorState {
  return saveRefused({ ...state, saveQueued: false, queuedKey: null }, 'recalculation', error, effects)
}

/**
 * A pressed SAVE that stored nothing. Embedded mode: a notice says why and the host gets the failure. Hash mode keeps
 * its rule that failures are only logged and the screen does not change. Then the plan the host sent meanwhile, if
 * any, replaces the one on screen.
 */
function saveRefused(
  state: CalculatorState,
  stage: SaveRefusal['stage'],
  error: ApiError,
  effects: Effect[],
): CalculatorState {
  if (state.mode !== 'embedded') effects.push(log('save failed', error))
  else
    effects.push(
      notify({ kind: 'save_failed', stage, failure: calculationFailureOf(error) }),
      emit('feeOptionSelectedEvent', failureOf(error)),
    )
  return afterSave(state, effects)
}

export const savingRules: SavingRules = {
  savePressed,
  scheduleAsked,
  sessionRenewed,
  figuresShown,
  queuedSaveGoes,
  answered,
  failed,
  queuedSaveRefused,
}
