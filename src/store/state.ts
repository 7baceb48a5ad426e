// The calculator's state, part by part (src/store/flow.ts says how each changes), its actions, what the store needs
// from its host, and the selectors the screen reads.
import type { Messages } from '@lingui/core'
import type { StoreApi } from 'zustand/vanilla'
import type { ApiAnswer, ApiCall } from '../api/client.ts'
import type { ApiError } from '../api/errors.ts'
import type { Language } from '../domain/language.ts'
import type { Lender } from '../domain/lender.ts'
import type { PlanChoice } from '../domain/payload.ts'
import type { ElementPropName } from '../domain/props.ts'
import type { AmortizationTable, FeesTableResult, SavedFeesTable, TuitionInput } from '../domain/types.ts'
import type {
  Emit,
  FeesCalculatorEventDetail,
  FeesCalculatorEventName,
  PlanDownloadDetail,
  PlanShareDetail,
  RenderFailure,
} from '../events.ts'

export type { Language }

/** Why a SAVE the user pressed did not store the plan: the call that failed, and how. */
export interface SaveRefusal {
  /** `recalculation`: the plan SAVE waited for could not be calculated; `save`: the save itself failed. */
  stage: 'recalculation' | 'save'
  failure: CalculationFailure
}

/** Messages the screen shows as toasts; the view words them. */
export type Notice =
  | { kind: 'version_number_failed' }
  | { kind: 'date_parse_failed' }
  | { kind: 'chunk_load_failed' }
  | ({ kind: 'save_failed' } & SaveRefusal)

/**
 * Why a call failed, as the card says it: `session` (401/403: the token
 * expired; the host's fresh token sends it again), `unavailable` (5xx, 429),
 * `connection` (no answer at all), `timeout`, `unreadable` (an answer the
 * widget could not read), `refused` (any other error status: the same request
 * would be refused again, so there is no Try again; the problem's code says
 * what to change).
 */
export type CalculationFailureKind = 'session' | 'unavailable' | 'connection' | 'timeout' | 'unreadable' | 'refused'

export interface CalculationFailure {
  kind: CalculationFailureKind
  status: number | null
  /** The problem's `code` when the server sent one (RFC 9457), e.g. `fee_count_out_of_range`. */
  code: string | null
}

/** An amount the student typed that the API refused (400/422): the field keeps it and says why. */
export interface AmountRefusal {
  field: 'initialAmount' | 'partialPayment'
  /** What the student typed (null: left blank). */
  value: number | null
  /** The problem's code, e.g. `partial_payment_exceeds_amount`; empty when the answer had none. The server's own
   * words (`detail`) go to the host's event only: the card speaks the widget's language. */
  code: string
}

/** What the host set besides the input (src/domain/props.ts): where calls go, and what the card shows. */
export interface CalculatorConfig {
  /** Overrides the environment's API root (`api-base`). */
  apiBase: string | null
  /** Overrides the build's static key of hash mode (`api-key`). */
  apiKey: string | null
  showHeader: boolean
  showFooter: boolean
  /** `reminder-days` as given: how long before each due date the calendar file reminds the student (src/ui/downloads/ics.ts reads it). */
  reminderDays: string | null
  /** `color-scheme` as given: `light` or `dark` forces the card's scheme (src/ui/theme.ts reads it). */
  colorScheme: string | null
  /** The university's words (`messages`), per language, as the card's catalogues hold them (src/ui/replaceable-words.ts). */
  messages: Partial<Record<Language, Messages>> | null
  /** `lender` as given, unread: the downloads' chunk checks it where the credit information is made (src/ui/downloads/useLender.ts). */
  lender: Lender | string | null
  /** `disabled`, or a disabled fieldset around the element: the student's controls do nothing. */
  disabled: boolean
  /** `plan-url` as given: the link a saved plan is sent by, `{hash}` standing for its hash (src/ui/downloads/share.ts reads it). */
  planUrl: string | null
}

/** What the host gave, and what it makes of the plan. */
export interface HostState {
  config: CalculatorConfig
  /**
   * What the host set, by property, as it gave it: what the element's getters return and a form's reset brings back.
   * A refused tuition input leaves the one in force; a tuition input given as text is kept as read (TuitionText).
   */
  given: Partial<Record<ElementPropName, unknown>>
  /** In the page (the element connected, the component mounted): the plan starts only then. */
  attached: boolean
  /** A form state the browser restored before the element was in the page: opened when it is. */
  restoreOnAttach: string | null
  /** The last tuition input the host offered, as text, and whether it was taken: the same text again is nothing new. */
  offered: { text: string | undefined; taken: boolean } | null
  /** `embedded`: given a tuition input by the host; `hash`: opened by a version hash. */
  mode: 'none' | 'embedded' | 'hash'
  input: TuitionInput | null
  /** The plan on screen but its token and language: an input with the same key changes only those. */
  planKey: string | null
  /** A version the browser restored in place of the host's plan of this key: that plan again does not replace it. */
  restoredOver: string | null
  loadedByHash: boolean
  language: Language
}

/** The calculation. */
export interface CalculationState {
  result: FeesTableResult | null
  /** What the controls show; may run ahead of `result` while a calculation is under way. */
  choice: PlanChoice | null
  calculating: boolean
  /** Embedded mode: the last calculation failed, and Try again resends it (null when it did not fail). */
  failure: CalculationFailure | null
  /** Embedded mode: the API refused an amount the student typed; SAVE waits until it is fixed or reset. */
  amountRefusal: AmountRefusal | null
  /** The choice whose calculation failed: Try again resends it, not the one the controls went back to. */
  failedChoice: PlanChoice | null
  /** The amount the student typed that the calculation under way sends: the field says why if it is refused. */
  typedAmount: Pick<AmountRefusal, 'field' | 'value'> | null
}

/** The save. */
export interface SaveState {
  /**
   * The rules of SAVE and what follows the first figures (src/store/saving.ts), once they have come with the card's
   * save bar (asked for as the first calculation leaves); null before. Kept for the element's life.
   */
  savingRules: SavingRules | null
  /**
   * SAVE was pressed while a recalculation, or the number of the version the plan
   * replaces, was on its way: the save is carried out once they are here, or
   * refused (with a notice) if the recalculation fails.
   */
  saveQueued: boolean
  /** The Idempotency-Key of that press. */
  queuedKey: string | null
  saving: boolean
  /** versionBloqueada: set by a successful save, cleared by loading a result. */
  versionLocked: boolean
  /** A save of the plan on screen succeeded (it may not lock: ERP systems in embedded mode). */
  planSent: boolean
  versionHashCode: string | null
  versionNumber: number | null
  /** The hash of the saved version the card shows (saved, or opened by hash), null once the plan changes. */
  savedVersion: string | null
  /** The newest plan the host sent while a save was pending or under way: it replaces the plan once the save answers. */
  waitingInput: TuitionInput | null
  /**
   * The body and key of the last save whose answer did not come: SAVE pressed again on the same plan reuses the
   * key, so the server stores that plan once even if the lost save had reached it.
   */
  unansweredSave: { body: string; key: string } | null
  /** That save was refused for the session (401/403): the host's fresh token sends it again, with the same key. */
  refusedForSession: boolean
}

/** The schedule and the downloads. */
export interface PreviewState {
  /** The dated schedule of the plan on screen: what a save returned, or a preview asked for without saving. */
  amortization: AmortizationTable | null
  /** The schedule asked for without saving: under way, or failed (the screen says so). */
  schedulePreview: 'idle' | 'loading' | 'failed'
}

/** What the API answered for one fee count of the comparison: its figures, or its failure. */
export interface ComparisonAnswer {
  result?: FeesTableResult
  failure?: CalculationFailure
}

/** One fee count of the comparison: the API's figures for it, its failure, or neither yet (under way). */
export interface ComparisonRow extends ComparisonAnswer {
  count: number
}

/** The comparison of fee counts. */
export interface CompareState {
  /** The student opened the comparison: its figures are asked for once the plan's own are on screen. */
  comparisonOpen: boolean
  /** The counts compared for the plan on screen, in order (empty until it is open and there is a plan). */
  comparison: ComparisonRow[]
  /** The plan the answers are for, but its count: they are kept while only the count changes. */
  comparisonBasis: string | null
  /** The answers for that plan, by count. */
  comparisonAnswers: Record<number, ComparisonAnswer>
  /** Its rules, once they have come (the first time it is opened); null before. */
  comparisonRules: ComparisonRules | null
}

/**
 * The saved version a plan replaces (the input's `linkedVersionIdentifier`, or the version opened by its hash), shown
 * beside it once the plan on screen is not that version: read by its hash after the plan's own figures.
 */
export interface ReplacedVersion {
  versionHashCode: string
  /** Its figures and input, once read; when it was saved (`savedAt`, a `YYYY-MM-DD`), if the API says. */
  saved: SavedFeesTable | null
  versionNumber: number | null
  /** Its figures or its number are on their way (asked for once the plan's own figures are on screen). */
  reading: boolean
  /** It could not be read: the card says so and goes on without it. */
  failed: boolean
}

/** The plan that changes. */
export interface ChangeState {
  replaced: ReplacedVersion | null
}

export type CalculatorState = HostState & CalculationState & SaveState & PreviewState & CompareState & ChangeState

/**
 * Where a call runs: one call at a time in each, a newer one replacing the one under way (whose answer then counts
 * for nothing), but the comparison's, whose calls (one per count) run side by side.
 */
export type CallSlot = 'figures' | 'save' | 'schedule' | 'versionNumber' | 'replaced' | 'comparison'

/** A call of the API client (src/api/client.ts), by name, with its arguments. */
export type Call = ApiCall

/** What a step of the flow asks the runner (src/store/runner.ts) to do. */
export type Effect =
  /** Sends a call in a slot, in place of the one under way there (but the comparison's, one per count). */
  | { type: 'send'; slot: CallSlot; call: Call; count?: number }
  | { type: 'cancel'; slot: CallSlot | 'all' }
  | { type: 'emit'; name: FeesCalculatorEventName; detail: FeesCalculatorEventDetail<FeesCalculatorEventName> }
  | { type: 'notify'; notice: Notice }
  | { type: 'log'; message: string; detail: unknown }
  /** A tuition input names a language the widget does not speak: the console says so, once per tag. */
  | { type: 'warnLanguage'; tag: string }
  /** The university's words, to be checked against the card's names (a lazy chunk) before they are shown. */
  | { type: 'checkMessages'; value: unknown }
  /** The rules of SAVE and what follows the first figures, which come with the card's save bar (a lazy chunk). */
  | { type: 'loadSavingRules' }
  /** The comparison's rules, which come with its view (a lazy chunk). */
  | { type: 'loadComparison' }

/**
 * The rules of SAVE, of the schedule asked for before saving and of the saved version a plan replaces
 * (src/store/saving.ts): branches of the flow that the first figures do not need, which come with the card's save bar.
 */
export interface SavingRules {
  /** SAVE pressed (now, or once the recalculation under way has answered). */
  savePressed(state: CalculatorState, idempotencyKey: string, effects: Effect[]): CalculatorState
  /** The dated schedule, without saving. */
  scheduleAsked(state: CalculatorState, effects: Effect[]): CalculatorState
  /** A fresh token after a save refused for the session: that save goes again. */
  sessionRenewed(state: CalculatorState, effects: Effect[]): CalculatorState
  /** The plan's own figures are on screen: a SAVE that waited for them, and the read of the version it replaces. */
  figuresShown(state: CalculatorState, effects: Effect[]): CalculatorState
  /** A SAVE that waited goes, if nothing it waits for is on its way any more (the replaced version's number came). */
  queuedSaveGoes(state: CalculatorState, effects: Effect[]): CalculatorState
  /** An answer in the save's, the schedule's or the replaced version's slot. */
  answered(
    state: CalculatorState,
    slot: 'save' | 'schedule' | 'replaced',
    answer: ApiAnswer,
    effects: Effect[],
  ): CalculatorState
  /** A failure in those slots. */
  failed(
    state: CalculatorState,
    slot: 'save' | 'schedule' | 'replaced',
    error: ApiError,
    effects: Effect[],
  ): CalculatorState
  /** A recalculation that a SAVE waited for failed: that SAVE is refused. */
  queuedSaveRefused(state: CalculatorState, error: ApiError, effects: Effect[]): CalculatorState
}

/**
 * The comparison's rules (src/store/comparison.ts): branches of the flow, which come with the comparison's view, in
 * the schedule's chunk, when the student first opens it.
 */
export interface ComparisonRules {
  /** The comparison catches up with the plan on screen (its figures, or their failure). */
  refresh(state: CalculatorState, effects: Effect[]): CalculatorState
  /** Try again: the counts that failed are asked for again, but those the API refused. */
  retry(state: CalculatorState, effects: Effect[]): CalculatorState
  /** One count's figures, or its failure. */
  answered(state: CalculatorState, count: number, answer: ComparisonAnswer): CalculatorState
}

/** What the host, the student and the page do: each action is one event of the flow (src/store/flow.ts). */
export interface CalculatorActions {
  /**
   * A property the host set (src/domain/props.ts), as an attribute's text or as a property's value; a tuition input
   * given as JSON text is read here, once. The tuition input: equal input sends nothing; an input that differs only
   * by `token` replaces the credentials of the next call and changes nothing else; any other input waits for a save
   * under way, then replaces the plan; null, undefined and "" clear it; a refused one is answered with
   * invalidTuitionEvent and the plan on screen stays.
   */
  setProperty(prop: ElementPropName, value: unknown): void
  /**
   * The browser brings back a form's state (back/forward): the saved version opens by its hash, and the host's
   * plan stays the one in force, so the same plan from the host again (a fresh token) keeps it on screen.
   */
  restore(versionHashCode: string): void
  /** In the page (the element connected, the component mounted): the plan the host gave starts. */
  attach(): void
  /** Out of the page for good: every call dropped, the host hears nothing more; attached again, it starts afresh. */
  release(): void
  /** The form was reset: the host's input as it gave it, anew. */
  resetForm(): void
  /** A lazy chunk (the calendar, the schedule, the toaster, the API client) could not load: the console and a toast say so. */
  reportChunkFailure(error: unknown): void
  /** The screen could not be drawn: the host hears of it (`invalidTuitionEvent`, code `render_failed`). */
  reportRenderFailure(failure: RenderFailure): void
  chooseFeeCount(numberOfFees: number): void
  /** A date from the calendar (`YYYY-MM-DD` or ISO date-time). */
  chooseDate(date: string): void
  chooseAmount(initialAmount: number | null): void
  choosePartialPayment(partialPayment: number | null): void
  /**
   * Saves the plan on screen. Pressed while a recalculation is under way, it waits for it and saves
   * its result (or, if it fails, says why it did not save). Does nothing when there is nothing to save.
   * Resolves once no save is pending or under way.
   */
  save(): Promise<void>
  /**
   * Fetches the dated schedule of the plan on screen from FrontCalculateFees without saving a version. Resolves once
   * it is not under way.
   */
  previewSchedule(): Promise<void>
  /** The student took the plan as a PDF or a calendar file: the host hears of it. */
  planDownloaded(detail: PlanDownloadDetail): void
  /** The student sent the saved plan's link to whoever pays: the host hears of it. */
  planShared(detail: PlanShareDetail): void
  /** Try again: resends the calculation that failed, with the credentials of the moment (not a refused one). */
  retry(): void
  /** The browser is back online: a calculation that failed for want of a connection is sent again. */
  wentOnline(): void
  /** Escape in a refused amount: back to the amount the figures on screen stand for. */
  dismissAmountRefusal(): void
  /** Opens or closes the comparison of fee counts; open, it asks for the figures it lacks (after the plan's own). */
  showComparison(open: boolean): void
  /** Try again: sends again the comparison's calculations that failed (not those the API refused). */
  retryComparison(): void
}

export type Calculator = CalculatorState & CalculatorActions
export type CalculatorStore = StoreApi<Calculator>

export interface CalculatorDeps {
  /** Tells the host (the element dispatches DOM events). */
  emit: Emit
  /** Shows a toast. */
  notify: (notice: Notice) => void
  /** Where failures that the screen does not show go: hash mode's calls, the fees table load. */
  log?: (message: string, detail: unknown) => void
  /** The page's host name, which picks the environment. */
  hostname?: string
  /**
   * The language the page gives the calculator, as a `lang` tag (its element's, else its closest ancestor's; null
   * or "" when none): a plan opened by its hash speaks it when the widget does, else its saved input's language.
   */
  pageLanguage?: () => string | null
  fetch?: typeof fetch
  /** Replaces the wait before a retried call, in ms by attempt (tests that are not about the wait). */
  retryDelay?: (attempt: number) => number
  /** The university's words checked against the card's names (a lazy chunk): what the card then shows. */
  checkMessages?: (value: unknown) => Promise<CalculatorConfig['messages']>
  /** Brings the comparison's rules (src/store/comparison.ts, with its view in the schedule's chunk). */
  comparisonRules?: () => Promise<ComparisonRules>
  /** The rules of SAVE and what follows the first figures (src/store/saving.ts), as the card's save bar brings them. */
  savingRules?: () => Promise<SavingRules>
  /** An element starts out of the page, and its plan waits for `attach()`; a store used on its own is in it. */
  startsDetached?: boolean
}

/** SAVE is shown unless the table was loaded by hash and is not editable. */
export const selectShowSave = (s: CalculatorState) => !s.loadedByHash || !!s.result?.isModificable
/**
 * SAVE acts: a result that is not locked and no save pending or under way. A recalculation under way
 * does not stop it: the press waits for that result.
 */
export const selectCanSave = (s: CalculatorState) =>
  !!s.result && !s.versionLocked && !s.saving && !s.saveQueued && !s.amountRefusal
/** A save is pending or under way: the plan cannot change until it answers. */
export const selectSaveBusy = (s: CalculatorState) => s.saving || s.saveQueued
/** The schedule can be asked for: a result, nothing under way, and no schedule on screen already. */
export const selectCanPreviewSchedule = (s: CalculatorState) =>
  !!s.result && !s.amortization && !selectSaveBusy(s) && !s.calculating && s.schedulePreview !== 'loading'
/** The controls can be used: an editable result that is not locked. */
export const selectEditable = (s: CalculatorState) => !!s.result?.isModificable && !s.versionLocked
