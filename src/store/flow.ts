// The calculator's flow: every rule about what happens when something arrives, in one pure function,
// `transition(state, event) → { state, effects }`. The events are what the host, the student and the API do; the
// effects are what the store's runner (src/store/runner.ts) then carries out: calls, the host's events, notices,
// the console. Nothing here waits, reads a clock or touches the page, so the model-based tests run it by the
// thousand in plain Node (test/model/flow-sequences.test.ts).
//
// Read it top to bottom: the events, the effects, then `transition`, whose branches are grouped as the host, the
// student, the API's answers, and the comparison of fee counts. Each branch returns the next state and adds the
// effects it asks for to `effects`, the list `transition` returns.
import { toIsoDate } from '@fees-calculator/contract'
import type { ApiAnswer } from '../api/client.ts'
import type { ApiError } from '../api/errors.ts'
import { DEFAULT_LANGUAGE, type Language, spokenLanguage } from '../domain/language.ts'
import { calculationPayload, choiceOf, type PlanChoice, usesAnonymousEndpoints } from '../domain/payload.ts'
import { ELEMENT_PROPS, type ElementPropName, type PropRow } from '../domain/props.ts'
import { checkTuitionInput, TuitionText } from '../domain/tuition.ts'
import type { FeesTableResult, SavedFeesTable, TuitionInput } from '../domain/types.ts'
import type {
  FeesCalculatorEventDetail,
  FeesCalculatorEventName,
  PlanDownloadDetail,
  PlanShareDetail,
  RenderFailure,
} from '../events.ts'
import { amountRefusalOf, calculationFailureOf, failureOf } from './failures.ts'
import type {
  AmountRefusal,
  CalculationFailureKind,
  CalculatorConfig,
  CalculatorState,
  Call,
  CallSlot,
  ComparisonRules,
  Effect,
  Notice,
  ReplacedVersion,
  SavingRules,
} from './state.ts'

// ─── Events: what arrives ────────────────────────────────────────────────────────────────────────────────────

export type FlowEvent =
  // The host
  | { type: 'propertySet'; prop: ElementPropName; value: unknown }
  | { type: 'messagesChecked'; value: unknown; messages: CalculatorConfig['messages'] }
  | { type: 'attached' }
  | { type: 'released' }
  | { type: 'formReset' }
  | { type: 'formRestored'; versionHashCode: string }
  | { type: 'chunkFailed'; message: string; error: unknown }
  | { type: 'renderFailed'; failure: RenderFailure }
  // The student
  | { type: 'feeCountChosen'; numberOfFees: number }
  | { type: 'dateChosen'; date: string }
  | { type: 'amountChosen'; field: AmountRefusal['field']; value: number | null }
  | { type: 'amountRefusalDismissed' }
  | { type: 'savePressed'; idempotencyKey: string }
  | { type: 'scheduleAsked' }
  | { type: 'tryAgain' }
  | { type: 'wentOnline' }
  | { type: 'comparisonShown'; open: boolean }
  | { type: 'comparisonRetried' }
  /** The rules of SAVE and what follows the first figures, come with the card's save bar (src/store/saving.ts). */
  | { type: 'savingRulesLoaded'; rules: SavingRules }
  /** The comparison's rules, come with its view (src/store/comparison.ts). */
  | { type: 'comparisonRulesLoaded'; rules: ComparisonRules }
  /** The student took the plan as a file, or sent its link: the host hears of it. */
  | { type: 'planTaken'; name: 'planDownloadEvent'; detail: PlanDownloadDetail }
  | { type: 'planTaken'; name: 'planShareEvent'; detail: PlanShareDetail }
  // The API's answers, by the slot of the call they answer (and, for the comparison, its count). The runner drops the
  // answer of a call the flow has replaced or cancelled, so an answer that comes is for the call under way.
  | { type: 'answered'; slot: CallSlot; count?: number; answer: Answer }
  | { type: 'failed'; slot: CallSlot; count?: number; error: ApiError }

/**
 * A call's answer, as the response boundary read it; with a saved version, the page's language as it arrived (the
 * element's `lang`, or its closest ancestor's).
 */
export type Answer = ApiAnswer & { pageLanguage?: string | null }

// ─── Effects: what the runner does ───────────────────────────────────────────────────────────────────────────

// The effects (send and cancel a call, emit a host event, notify, log, …) are declared with the state, in
// src/store/state.ts, as the comparison's rules take them too.
export type { Call, CallSlot, Effect } from './state.ts'

export interface Step {
  state: CalculatorState
  effects: Effect[]
}

// ─── Where it starts ─────────────────────────────────────────────────────────────────────────────────────────

export const DEFAULT_CONFIG: CalculatorConfig = {
  apiBase: null,
  apiKey: null,
  showHeader: true,
  showFooter: true,
  reminderDays: null,
  colorScheme: null,
  messages: null,
  lender: null,
  disabled: false,
  planUrl: null,
}

/** Nothing on screen and nothing under way: only what the host set, and whether the element is in the page, stay. */
const nothingOnScreen = {
  mode: 'none',
  input: null,
  loadedByHash: false,
  language: DEFAULT_LANGUAGE,
  offered: null,
  planKey: null,
  restoredOver: null,
  // the calculation
  result: null,
  choice: null,
  calculating: false,
  failure: null,
  amountRefusal: null,
  failedChoice: null,
  typedAmount: null,
  // the save
  saveQueued: false,
  queuedKey: null,
  saving: false,
  versionLocked: false,
  planSent: false,
  versionHashCode: null,
  versionNumber: null,
  savedVersion: null,
  waitingInput: null,
  unansweredSave: null,
  refusedForSession: false,
  // the schedule
  amortization: null,
  schedulePreview: 'idle',
  // the comparison
  comparisonOpen: false,
  comparison: [],
  comparisonBasis: null,
  comparisonAnswers: {},
  comparisonRules: null,
  // the plan that changes
  replaced: null,
} as const satisfies Omit<CalculatorState, 'config' | 'given' | 'attached' | 'restoreOnAttach' | 'savingRules'>

export function initialState(config: Partial<CalculatorConfig> = {}): CalculatorState {
  return {
    ...nothingOnScreen,
    config: { ...DEFAULT_CONFIG, ...config },
    given: {},
    attached: false,
    restoreOnAttach: null,
    savingRules: null,
  }
}

// ─── The states it is in ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The state the calculator is in, by name, as the card announces it (`data-phase`) and the tests wait for it: what
 * the flags below add up to. Several can hold at once (a SAVE pressed during a recalculation); the name is the one
 * the student is waiting on.
 */
export type Phase =
  | 'disabled'
  | 'empty'
  | 'calculating'
  | 'saving'
  | 'locked'
  | 'saved'
  | 'waiting-for-token'
  | `failed-${CalculationFailureKind}`
  | 'shown'

export function phaseOf(state: CalculatorState): Phase {
  if (state.config.disabled) return 'disabled'
  if (state.saving || state.saveQueued) return 'saving'
  if (state.calculating) return 'calculating'
  if (state.versionLocked) return 'locked'
  if (state.refusedForSession) return 'waiting-for-token'
  if (state.failure) return state.failure.kind === 'session' ? 'waiting-for-token' : `failed-${state.failure.kind}`
  if (!state.result) return 'empty'
  return state.planSent ? 'saved' : 'shown'
}

// ─── The transition ──────────────────────────────────────────────────────────────────────────────────────────

/** What the student's controls send: a disabled calculator takes none of them (a calendar left open included). */
const STUDENT_EVENTS = new Set<FlowEvent['type']>([
  'feeCountChosen',
  'dateChosen',
  'amountChosen',
  'savePressed',
  'scheduleAsked',
  'tryAgain',
])

export function transition(state: CalculatorState, event: FlowEvent): Step {
  const effects: Effect[] = []
  const after = next(state, event, effects)
  // SAVE's bar, with the rules of SAVE and what follows the figures (src/store/saving.ts), is asked for once the card
  // has nothing on its way: its first figures drawn (never before them), or nothing to calculate; again after each
  // calculation while they have not come.
  if (!after.savingRules && after.attached && !after.calculating && (state.calculating || !state.attached))
    effects.push({ type: 'loadSavingRules' })
  return { state: after, effects }
}

function next(state: CalculatorState, event: FlowEvent, effects: Effect[]): CalculatorState {
  if (STUDENT_EVENTS.has(event.type) && state.config.disabled) return state
  switch (event.type) {
    case 'propertySet':
      return propertySet(state, event.prop, event.value, effects)
    case 'messagesChecked':
      // Words the host has replaced meanwhile are not shown.
      return Object.is(state.given.messages, event.value)
        ? { ...state, config: { ...state.config, messages: event.messages } }
        : state
    case 'attached':
      return state.attached ? state : startFromGiven({ ...state, attached: true }, effects)
    case 'released':
      // Removed for good: what was under way is dropped and the host hears nothing more; put back, it starts afresh
      // from what the host gave.
      effects.push(cancel('all'))
      return { ...state, ...nothingOnScreen, attached: false }
    case 'formReset':
      return formReset(state, effects)
    case 'formRestored':
      return state.attached
        ? formRestored(state, event.versionHashCode, effects)
        : { ...state, restoreOnAttach: event.versionHashCode }
    case 'chunkFailed':
      effects.push(log(event.message, event.error), notify({ kind: 'chunk_load_failed' }))
      return state
    case 'renderFailed':
      effects.push(emit('invalidTuitionEvent', event.failure))
      return state

    case 'feeCountChosen':
      return choose(state, { numberOfFees: event.numberOfFees }, effects)
    case 'dateChosen': {
      const firstPaymentDate = toIsoDate(event.date)
      if (firstPaymentDate) return choose(state, { firstPaymentDate }, effects)
      effects.push(notify({ kind: 'date_parse_failed' }))
      return state
    }
    case 'amountChosen':
      return choose(state, { [event.field]: event.value }, effects, { field: event.field, value: event.value })
    case 'amountRefusalDismissed':
      return state.amountRefusal ? { ...state, amountRefusal: null } : state
    case 'savePressed':
      return state.savingRules ? state.savingRules.savePressed(state, event.idempotencyKey, effects) : state
    case 'scheduleAsked':
      return state.savingRules ? state.savingRules.scheduleAsked(state, effects) : state
    case 'tryAgain':
      return tryAgain(state, effects)
    case 'wentOnline':
      return state.failure?.kind === 'connection' ? tryAgain(state, effects) : state
    case 'comparisonShown':
      return comparisonShown(state, event.open, effects)
    case 'comparisonRetried':
      return state.comparisonRules ? state.comparisonRules.retry(state, effects) : state
    case 'savingRulesLoaded': {
      if (state.savingRules) return state
      const loaded = { ...state, savingRules: event.rules }
      return loaded.result && !loaded.calculating ? event.rules.figuresShown(loaded, effects) : loaded
    }
    case 'comparisonRulesLoaded': {
      const loaded = { ...state, comparisonRules: event.rules }
      return loaded.comparisonOpen ? event.rules.refresh(loaded, effects) : loaded
    }
    case 'planTaken':
      effects.push(emit(event.name, event.detail))
      return state

    case 'answered':
      return answered(state, event.slot, event.count, event.answer, effects)
    case 'failed':
      return failed(state, event.slot, event.count, event.error, effects)
  }
}

// ─── The host ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `show-header` and `show-footer`: absent means the default (true); present with no value or any value but
 * false/0/no/off means true.
 */
export function parseBooleanAttribute(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  return !/^(false|0|no|off)$/i.test(String(value).trim())
}

/** A text property: empty is absent. */
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** No tuition input: the host cleared it (null, undefined, or empty text). */
const isNoInput = (value: unknown) =>
  value === undefined || value === null || value === '' || (value instanceof TuitionText && value.text === '')

/** A tuition input as text, to know the same one again; undefined when it has none (a cycle, a BigInt). */
function textOfInput(value: unknown): string | undefined {
  if (value instanceof TuitionText) return value.text
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

/** What makes a plan: the input but its credentials and its language, which change no figure. */
function planKeyOf(input: TuitionInput): string {
  const { token: _token, language: _language, ...plan } = input
  return JSON.stringify(plan)
}

/** The card's language for an input's tag; the console says so when the tag is one it does not speak. */
function languageFor(tag: string | null | undefined, effects: Effect[]): Language {
  const text = tag?.trim() ?? ''
  const language = spokenLanguage(text)
  if (!language && text) effects.push({ type: 'warnLanguage', tag: text })
  return language ?? DEFAULT_LANGUAGE
}

/**
 * A property the host set, as an attribute's text or as a property's value, kept as given (`given`: what the
 * element's getters return and a form's reset brings back). The same value again is nothing new, but for the
 * tuition input, which is known by its text (a refused one too). Out of the page, the plan waits for the element to
 * be put in it.
 */
function propertySet(
  state: CalculatorState,
  prop: ElementPropName,
  value: unknown,
  effects: Effect[],
): CalculatorState {
  if (prop !== 'tuitionInput' && Object.hasOwn(state.given, prop) && Object.is(state.given[prop], value)) return state
  const given = { ...state.given, [prop]: isNoInput(value) && prop === 'tuitionInput' ? undefined : value }
  const next = { ...state, given }
  const configure = (patch: Partial<CalculatorConfig>) => ({ ...next, config: { ...state.config, ...patch } })
  const row: PropRow = ELEMENT_PROPS[prop]
  if (row.kind === 'flag') return configure({ [prop]: parseBooleanAttribute(value, row.default !== 'false') })
  switch (prop) {
    case 'disabled':
      return configure({ disabled: value != null && value !== false })
    case 'apiBase':
    case 'apiKey':
    case 'colorScheme':
    case 'planUrl':
      return configure({ [prop]: textOf(value) })
    case 'reminderDays':
      // A number of days may come as a number from a property.
      return configure({ reminderDays: value == null ? null : String(value) })
    case 'lender':
      return configure({ lender: (value as CalculatorConfig['lender'] | undefined) ?? null })
    case 'messages':
      // None (or empty text) at once; any others once their check has arrived.
      if (value == null || (typeof value === 'string' && !value.trim())) return configure({ messages: null })
      effects.push({ type: 'checkMessages', value })
      return next
    case 'versionHashCode': {
      // A saved version's hash wins over the input; without one, the input is the plan.
      if (!next.attached) return next
      const hash = textOf(value)
      return hash ? loadByHash(next, hash, effects) : tuitionGiven(next, given.tuitionInput, effects)
    }
    case 'tuitionInput': {
      if (!next.attached || textOf(given.versionHashCode)) return next
      const after = tuitionGiven(next, value, effects)
      // Refused (now, or as the same text before): the input in force stays.
      const { offered } = after
      return offered?.taken === false && offered.text === textOfInput(value) ? { ...after, given: state.given } : after
    }
    default:
      return next
  }
}

/**
 * The host's tuition input. Equal input (by its text) is nothing new; an input that differs only by its token or
 * language changes those and nothing else (a failed call is sent again with the fresh token); any other input waits
 * for a save under way, then replaces the plan. null, undefined and "" clear it. A refused input is said with
 * invalidTuitionEvent.
 */
function tuitionGiven(state: CalculatorState, value: unknown, effects: Effect[]): CalculatorState {
  if (isNoInput(value)) return cleared(state, effects)
  const text = textOfInput(value)
  if (text !== undefined && text === state.offered?.text) return state
  const check = checkTuitionInput(value)
  if (!check.ok) {
    effects.push(emit('invalidTuitionEvent', check.error))
    return { ...state, offered: { text, taken: false } }
  }
  const input = check.value
  const next = { ...state, offered: { text, taken: true } }
  const key = planKeyOf(input)
  // A version the browser restored in place of this plan stays on screen.
  if (state.mode === 'hash' && key === state.restoredOver) return next
  if (state.mode === 'embedded' && state.input && key === state.planKey) return samePlan(next, input, effects)
  // A save pending or under way keeps the plan on screen: the new one waits for its answer, with the host's newest
  // credentials, which the save under way may still need for its recalculation.
  if (state.saving || state.saveQueued) {
    const token = state.mode === 'embedded' && state.input ? { input: { ...state.input, token: input.token } } : {}
    return { ...next, ...token, waitingInput: input }
  }
  return replacePlan(next, input, effects)
}

/**
 * The same plan, perhaps with a fresh token or in another language: the next call carries them and nothing else
 * changes (the choice, the lock, the schedule stay; no request leaves), but a save refused for the session is sent
 * again with the fresh token, else a calculation that failed (the expired token's 401, as a rule).
 */
function samePlan(state: CalculatorState, input: TuitionInput, effects: Effect[]): CalculatorState {
  const current = state.input as TuitionInput
  const { token, language } = input
  const kept = { ...state, waitingInput: null }
  if (token === current.token && language === current.language) return kept
  const next = { ...kept, input: { ...current, token, language }, language: languageFor(language, effects) }
  return token === current.token ? next : freshToken(next, effects)
}

/**
 * A fresh token: a save refused for the session goes again first (by the save's rules, src/store/saving.ts); else a
 * calculation that failed goes again.
 */
function freshToken(state: CalculatorState, effects: Effect[]): CalculatorState {
  const rules = state.savingRules
  const next = state.refusedForSession && rules ? rules.sessionRenewed(state, effects) : state
  return next.failure && !next.calculating ? tryAgain(next, effects) : next
}

/** A new plan from the host replaces the one on screen, which starts anew from it. */
export function replacePlan(state: CalculatorState, input: TuitionInput, effects: Effect[]): CalculatorState {
  effects.push(cancel('all'))
  return calculate(
    {
      ...state,
      ...nothingOnScreen,
      offered: state.offered,
      // The comparison stays open, and keeps its answers until the new plan's figures show whether they still hold.
      comparisonOpen: state.comparisonOpen,
      comparisonBasis: state.comparisonBasis,
      comparisonAnswers: state.comparisonAnswers,
      comparisonRules: state.comparisonRules,
      mode: 'embedded',
      input,
      language: languageFor(input.language, effects),
      planKey: planKeyOf(input),
      versionHashCode: input.linkedVersionIdentifier ?? null,
      replaced: replacedBy(state, input.linkedVersionIdentifier),
    },
    effects,
  )
}

/** Back to the empty state (the host removed its input): every call dropped, the host's settings kept. */
function cleared(state: CalculatorState, effects: Effect[]): CalculatorState {
  effects.push(cancel('all'))
  return { ...state, ...nothingOnScreen, given: { ...state.given, tuitionInput: undefined } }
}

/** Hash mode: the saved version is loaded, in place of whatever was on screen. */
function loadByHash(state: CalculatorState, versionHashCode: string, effects: Effect[]): CalculatorState {
  effects.push(cancel('all'), send('figures', { api: 'feesTable', args: [versionHashCode] }))
  return { ...state, ...nothingOnScreen, mode: 'hash', calculating: true, loadedByHash: true, versionHashCode }
}

/** Put in the page: a state the browser restored, else the host's hash, else its input, starts the plan. */
function startFromGiven(state: CalculatorState, effects: Effect[]): CalculatorState {
  const restored = state.restoreOnAttach
  if (restored) return formRestored({ ...state, restoreOnAttach: null }, restored, effects)
  const hash = textOf(state.given.versionHashCode)
  if (hash) return loadByHash(state, hash, effects)
  const { tuitionInput } = state.given
  return isNoInput(tuitionInput) ? state : tuitionGiven(state, tuitionInput, effects)
}

/** The form was reset: the host's input as it gave it, anew (the plan unsaved and unlocked, or its saved version). */
function formReset(state: CalculatorState, effects: Effect[]): CalculatorState {
  effects.push(cancel('all'))
  let next: CalculatorState = { ...state, ...nothingOnScreen, given: {} }
  for (const prop of HOST_ORDER)
    if (Object.hasOwn(state.given, prop)) next = propertySet(next, prop, state.given[prop], effects)
  return next
}

/**
 * The browser brought back a form's state (back/forward): the saved version opens by its hash, and the host's plan
 * stays the one in force, so the same plan from the host again (a fresh token) keeps the version on screen.
 */
function formRestored(state: CalculatorState, versionHashCode: string, effects: Effect[]): CalculatorState {
  const { offered, planKey } = state
  return { ...loadByHash(state, versionHashCode, effects), offered, planKey, restoredOver: planKey }
}

/** Where the calls go and what the card shows come before the plan: the first call leaves with all of them. */
export const HOST_ORDER: readonly ElementPropName[] = [
  'apiBase',
  'apiKey',
  'showHeader',
  'showFooter',
  'reminderDays',
  'colorScheme',
  'messages',
  'lender',
  'planUrl',
  'disabled',
  'versionHashCode',
  'tuitionInput',
]

// ─── The student ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A change of the plan on screen is recalculated; the latest choice wins. A save pending or under way is for the
 * plan on screen: it cannot change under it. An amount typed back to the one in force sends nothing and leaves
 * nothing to fix.
 */
function choose(
  state: CalculatorState,
  patch: Partial<PlanChoice>,
  effects: Effect[],
  typed?: TypedAmount,
): CalculatorState {
  const { choice, saving, saveQueued, amountRefusal } = state
  if (!choice || saving || saveQueued) return state
  const next = { ...choice, ...patch }
  if (JSON.stringify(next) !== JSON.stringify(choice)) return calculate({ ...state, choice: next }, effects, typed)
  return typed && amountRefusal?.field === typed.field ? { ...state, amountRefusal: null } : state
}

/**
 * Calculates the plan on screen (the choice the controls show); a newer calculation replaces the one under way. The
 * schedule asked for and the comparison's calls under way go stale. `typed`: the amount the student typed, which the
 * field explains if the API refuses it.
 */
function calculate(state: CalculatorState, effects: Effect[], typed?: TypedAmount): CalculatorState {
  const { input, choice, mode } = state
  if (!input) return state
  effects.push(
    cancel('schedule'),
    cancel('comparison'),
    send('figures', {
      api: 'calculateFeeOptions',
      args: [calculationPayload(input, choice ?? undefined), usesAnonymousEndpoints(input, mode === 'embedded')],
    }),
  )
  return { ...state, calculating: true, failure: null, typedAmount: typed ?? null, schedulePreview: 'idle' }
}

/**
 * Try again: resends the calculation that failed, with the credentials of the moment, and the choice that failed
 * rather than the one the controls went back to. Only where it can succeed: not a request the API refused (the
 * student changes a choice instead), nor while a save holds the plan or after it is locked.
 */
function tryAgain(state: CalculatorState, effects: Effect[]): CalculatorState {
  const { failure, saving, saveQueued, versionLocked, failedChoice } = state
  if (!failure || failure.kind === 'refused' || saving || saveQueued || versionLocked) return state
  return calculate(failedChoice ? { ...state, choice: failedChoice } : state, effects)
}

// ─── The API's answers ───────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the flow waits for an answer in this slot: the runner drops the answers of calls replaced or cancelled, and
 * this guards what remains (a comparison's count that was closed or has its answer).
 */
function waitsIn(state: CalculatorState, slot: CallSlot, count = 0): boolean {
  if (slot === 'figures') return state.calculating
  if (slot === 'save') return state.saving
  if (slot === 'schedule') return state.schedulePreview === 'loading'
  if (slot === 'comparison') return state.comparison.some((row) => row.count === count && !row.result && !row.failure)
  if (slot === 'replaced') return state.replaced?.reading === true
  return true
}

function answered(
  state: CalculatorState,
  slot: CallSlot,
  count: number | undefined,
  answer: Answer,
  effects: Effect[],
): CalculatorState {
  if (!waitsIn(state, slot, count)) return state
  if (slot === 'save' || slot === 'schedule' || slot === 'replaced')
    return (state.savingRules as SavingRules).answered(state, slot, answer, effects)
  switch (answer.api) {
    case 'calculateFeeOptions':
      if (slot === 'comparison')
        return (state.comparisonRules as ComparisonRules).answered(state, count as number, { result: answer.value })
      return figuresShown(
        { ...state, failedChoice: null, amountRefusal: null, typedAmount: null },
        answer.value,
        effects,
      )
    case 'feesTable':
      return savedTableShown(state, answer.value, answer.pageLanguage ?? null, effects)
    case 'versionNumber':
      return numberRead(state, answer.value, effects)
    default:
      return state
  }
}

/**
 * Figures on screen: the controls show them, the plan is no longer the saved one (unlocked, its schedule gone), the
 * host is told, the comparison catches up, and a SAVE pressed meanwhile saves them.
 */
function figuresShown(
  state: CalculatorState,
  result: FeesTableResult,
  effects: Effect[],
  savedVersion: string | null = null,
): CalculatorState {
  effects.push(emit('calculationResultReceivedEvent', result))
  const shown = refreshComparison(
    {
      ...state,
      result,
      choice: choiceOf(result),
      calculating: false,
      versionLocked: false,
      amortization: null,
      planSent: false,
      savedVersion,
    },
    effects,
  )
  return shown.savingRules ? shown.savingRules.figuresShown(shown, effects) : shown
}

/**
 * A saved version opened by its hash: its input (without a token), in the page's language when the widget speaks it.
 * A change of it replaces it: its own link (to the version it replaced) is dropped, so that a save links the new
 * version to this one, and the versions of a plan stay one chain.
 */
function savedTableShown(
  state: CalculatorState,
  table: SavedFeesTable,
  pageLanguage: string | null,
  effects: Effect[],
): CalculatorState {
  const input: TuitionInput = { ...table.tuitionInput, token: null, linkedVersionIdentifier: null }
  const language = spokenLanguage(pageLanguage ?? '') ?? languageFor(input.language, effects)
  const { versionHashCode } = state
  const { contractId } = input
  // Its number is on its way when it has a contract: the version a change of it replaces is named by it, and a SAVE
  // waits for it.
  const replaced = versionHashCode ? { ...unread(versionHashCode), saved: table, reading: !!contractId } : null
  const shown = figuresShown({ ...state, input, language, replaced }, table.result, effects, versionHashCode)
  if (contractId && versionHashCode)
    effects.push(send('versionNumber', { api: 'versionNumber', args: [versionHashCode, contractId] }))
  return shown
}

/**
 * The number of a version opened by its hash came, or could not be had (null): it is also the number of the version
 * a change of it replaces, and a SAVE that waited for it goes.
 */
function numberRead(state: CalculatorState, versionNumber: number | null, effects: Effect[]): CalculatorState {
  const { replaced } = state
  const next = {
    ...state,
    versionNumber,
    replaced:
      replaced?.versionHashCode === state.versionHashCode ? { ...replaced, versionNumber, reading: false } : replaced,
  }
  return state.savingRules?.queuedSaveGoes(next, effects) ?? next
}

function failed(
  state: CalculatorState,
  slot: CallSlot,
  count: number | undefined,
  error: ApiError,
  effects: Effect[],
): CalculatorState {
  if (!waitsIn(state, slot, count)) return state
  const next = state
  // A date in an answer that cannot be read as UTC is also toasted, whichever call read it.
  if (error.kind === 'response' && error.code === 'invalid_date') effects.push(notify({ kind: 'date_parse_failed' }))
  switch (slot) {
    case 'figures':
      if (next.loadedByHash && !next.input) {
        // A saved version that could not be loaded is only logged: hash mode's card does not change.
        effects.push(log('fees table load failed', error))
        return { ...next, calculating: false }
      }
      return calculationFailed(next, error, effects)
    case 'save':
    case 'schedule':
    case 'replaced':
      return (state.savingRules as SavingRules).failed(state, slot, error, effects)
    case 'versionNumber':
      effects.push(log('version number fetch failed', error), notify({ kind: 'version_number_failed' }))
      return numberRead(next, null, effects)
    case 'comparison':
      return (state.comparisonRules as ComparisonRules).answered(next, count as number, {
        failure: calculationFailureOf(error),
      })
  }
}

/**
 * A calculation failed. The controls go back to what the figures on screen stand for; an amount the API refused
 * stays in its field, which says why, and any other failure is said on the card with a way to send it again (the
 * choice that failed). Hash mode only logs it. A SAVE pressed meanwhile is refused: its plan has no new figures.
 */
function calculationFailed(state: CalculatorState, error: ApiError, effects: Effect[]): CalculatorState {
  const embedded = state.mode === 'embedded'
  const amountRefusal = amountRefusalOf(state.typedAmount ?? undefined, error)
  effects.push(embedded ? emit('invalidTuitionEvent', failureOf(error)) : log('calculation failed', error))
  const next = refreshComparison(
    {
      ...state,
      calculating: false,
      failedChoice: state.choice,
      choice: state.result ? choiceOf(state.result) : null,
      typedAmount: null,
      ...(embedded
        ? amountRefusal
          ? { amountRefusal }
          : { failure: calculationFailureOf(error), amountRefusal: null }
        : {}),
    },
    effects,
  )
  return next.saveQueued ? (next.savingRules as SavingRules).queuedSaveRefused(next, error, effects) : next
}

// ─── The comparison of fee counts ────────────────────────────────────────────────────────────────────────────

/**
 * Opened, the comparison asks for the figures it lacks (after the plan's own), by its rules
 * (src/store/comparison.ts), which come with its view the first time; closed, it stops asking.
 */
function comparisonShown(state: CalculatorState, open: boolean, effects: Effect[]): CalculatorState {
  if (state.comparisonOpen === open) return state
  if (!open) {
    effects.push(cancel('comparison'))
    return { ...state, comparisonOpen: false }
  }
  const opened = { ...state, comparisonOpen: true }
  if (opened.comparisonRules) return opened.comparisonRules.refresh(opened, effects)
  effects.push({ type: 'loadComparison' })
  return opened
}

/** The comparison catches up with the plan on screen, if it is open (its rules came when it was first opened). */
const refreshComparison = (state: CalculatorState, effects: Effect[]) =>
  state.comparisonRules ? state.comparisonRules.refresh(state, effects) : state

// ─── The plan that changes ──────────────────────────────────────────────────────────────────────────────────

const unread = (versionHashCode: string): ReplacedVersion => ({
  versionHashCode,
  saved: null,
  versionNumber: null,
  reading: false,
  failed: false,
})

/** The saved version an input links to: the one beside the plan already, when it is that one and was read. */
function replacedBy(state: CalculatorState, versionHashCode: string | null | undefined): ReplacedVersion | null {
  const { replaced } = state
  if (!versionHashCode) return null
  // A read under way was cancelled with the plan it was for.
  return replaced?.saved && replaced.versionHashCode === versionHashCode
    ? { ...replaced, reading: false }
    : unread(versionHashCode)
}

// ─── Small pieces ────────────────────────────────────────────────────────────────────────────────────────────

/** An amount the student typed, on its way to the API. */
interface TypedAmount {
  field: AmountRefusal['field']
  value: number | null
}

export const send = (slot: CallSlot, call: Call, count?: number): Effect => ({ type: 'send', slot, call, count })
export const cancel = (slot: CallSlot | 'all'): Effect => ({ type: 'cancel', slot })
export const log = (message: string, detail: unknown): Effect => ({ type: 'log', message, detail })
export const notify = (notice: Notice): Effect => ({ type: 'notify', notice })
export const emit = <K extends FeesCalculatorEventName>(name: K, detail: FeesCalculatorEventDetail<K>): Effect => ({
  type: 'emit',
  name,
  detail,
})
