/**
 * A small model of what a user and a host do to the calculator (choose a
 * count, a date, an amount committed by its blur, SAVE, show the schedule, a
 * new tuition input, a fresh token) and of what the API answers, late, out of
 * order, failed or timed out, with the checks run after every step: no save
 * lost, no plan saved other than the one on screen at the end of its
 * recalculation, no lock with stale figures, at most one call of each kind in
 * flight, events consistent with the screen; a plan that replaces a saved
 * version reads it only after its own figures, goes on when it cannot, and saves
 * linked to it, the host told which version it replaces. The flow alone on a scripted API
 * (test/model/flow-sequences.test.ts: thousands of sequences), the store on the
 * controlled reference server (test/model/store-sequences.test.ts) and the
 * element in a page (test/model/element-sequences.test.ts, which adds moving
 * and removing it) are all checked against it.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import { choiceOf } from '../../src/domain/payload.ts'
import { isErpSystem } from '../../src/domain/systems.ts'
import type { AmortizationTable, FeesTableResult, TuitionInput } from '../../src/domain/types.ts'
import type { FeesCalculatorEventName, RequestFailure, SavedPlanDetail } from '../../src/events.ts'
import { type CalculatorStore, type Notice, selectSaveBusy } from '../../src/store/calculator-store.ts'
import type { Delivery, ServerUnderTest } from './controlled-api.ts'

/** What a plan's `linkedVersionIdentifier` says to link it to the version the server saved before the sequences. */
const SAVED_BEFORE = 'saved-before'

/**
 * The host's tuition inputs: a plan that locks when saved, another contract, an ERP plan that does not lock, a plan
 * that replaces a version saved before, and one that names a version the server does not have.
 */
export const PLANS: readonly Omit<TuitionInput, 'token'>[] = [
  {
    currency: 'EUR',
    dateOfPayment: '2026-12-05',
    finalAmount: 6000,
    system: 2,
    financialType: 0,
    language: 'en',
    contractId: 'C-1',
  },
  {
    currency: 'EUR',
    dateOfPayment: '2027-01-31',
    finalAmount: 4500,
    system: 1,
    financialType: 0,
    language: 'es',
    contractId: 'C-2',
    numberOfFees: 18,
  },
  {
    currency: 'EUR',
    dateOfPayment: '2026-12-20',
    finalAmount: 5200,
    system: 3,
    financialType: 0,
    language: 'en',
    contractId: 'C-3',
  },
  {
    currency: 'EUR',
    dateOfPayment: '2027-02-15',
    finalAmount: 8000,
    system: 2,
    financialType: 0,
    language: 'es',
    contractId: 'C-4',
    numberOfFees: 20,
    linkedVersionIdentifier: SAVED_BEFORE,
  },
  {
    currency: 'EUR',
    dateOfPayment: '2027-03-10',
    finalAmount: 3000,
    system: 2,
    financialType: 0,
    language: 'en',
    contractId: 'C-5',
    linkedVersionIdentifier: 'a-version-nobody-saved',
  },
]
export type TokenName = 'first' | 'second' | 'refused'

export interface Recorded {
  name: FeesCalculatorEventName
  detail: unknown
}

export interface Real {
  api: ServerUnderTest
  /** The store the screen works with; null while the element is out of the page. */
  readonly store: CalculatorStore | null
  events: Recorded[]
  notices: Notice[]
  /** The host sets a tuition input (the store's setter, or the element's property). */
  setInput(input: TuitionInput): void
  /** Lets what follows an action outside the store (the element's render) catch up before the checks. */
  flush?: () => Promise<void>
}

/** What the user and the host did, and what they must have been told. */
export interface Model {
  /** The element is in the page (always, for the bare store). */
  attached: boolean
  /** The plan and token the host gave last (null: none, or the element was removed). */
  plan: number | null
  token: TokenName
  /** The plan the screen is working on (a newer one may wait for a save). */
  activePlan: number | null
  waitingPlan: number | null
  /** The result the host was last told of for the active plan. */
  shown: FeesTableResult | null
  /** The table of the last successful save of the plan on screen. */
  saved: AmortizationTable | null
  locked: boolean
  /** A SAVE press the store accepted and whose outcome the host has not had yet. */
  savePending: boolean
  /** The last save was refused for the session (401/403): the host's fresh token may send it again by itself. */
  sessionRefusedSave: boolean
  /** Events already read into the model. */
  seen: number
  /** Calls already checked for their credentials. */
  calls: number
}

export function inputOf(api: ServerUnderTest, plan: number, token: TokenName): TuitionInput {
  const input = { ...PLANS[plan]!, token: api.tokens[token] } as TuitionInput
  if (input.linkedVersionIdentifier === SAVED_BEFORE) input.linkedVersionIdentifier = api.savedBefore
  return input
}

/** The saved version a plan replaces, as the host's input links it (null: none). */
const replacedBy = (api: ServerUnderTest, plan: number | null): string | null =>
  plan === null ? null : (inputOf(api, plan, 'first').linkedVersionIdentifier ?? null)

const isFailure = (detail: unknown): detail is RequestFailure =>
  (detail as RequestFailure | null)?.code === 'request_failed'

/** Lets the store do everything it can until only held answers are left, then checks it against the model. */
let stepsRun = 0
/** How many steps have been checked so far, across runs. */
export const stepsChecked = () => stepsRun

export async function step(model: Model, real: Real): Promise<void> {
  stepsRun += 1
  const { api } = real
  await real.flush?.()
  await api.settle(
    () => {
      const held = api.held()
      if (!real.store) return held.length === 0
      const s = real.store!.getState()
      const has = (kind: string) => held.some((call) => call.kind === kind)
      return (
        s.calculating === has('calculate') &&
        s.saving === has('save') &&
        (s.schedulePreview === 'loading') === has('preview') &&
        // The model's other calls are the saved version a plan replaces: its figures, then its number.
        (s.replaced?.reading === true) === has('other')
      )
    },
    () => {
      const s = real.store?.getState()
      if (!s) return 'detached'
      return `calculating ${s.calculating}, saving ${s.saving}, saveQueued ${s.saveQueued}, preview ${s.schedulePreview}, replaced ${JSON.stringify(s.replaced && { reading: s.replaced.reading })}, events ${JSON.stringify(real.events.slice(-2))}`
    },
  )
  readEvents(model, real)
  checkInvariants(model, real)
}

/** Applies the host's and the store's news to the model, in the order they came. */
function readEvents(model: Model, real: Real): void {
  for (const event of real.events.slice(model.seen)) {
    model.seen += 1
    if (event.name === 'calculationResultReceivedEvent') {
      model.shown = event.detail as FeesTableResult
      model.saved = null
      model.locked = false
    } else if (event.name === 'feeOptionSelectedEvent') {
      expect(model.savePending, 'feeOptionSelectedEvent without a SAVE pressed').toBe(true)
      model.savePending = false
      const status = isFailure(event.detail) ? event.detail.status : null
      model.sessionRefusedSave = status === 401 || status === 403
      if (!isFailure(event.detail)) {
        const table = event.detail as SavedPlanDetail
        // The host hears which version the saved one replaces: the one its save was linked to, the plan's own link.
        const replaced = table.replacedVersion?.versionHashCode ?? null
        expectIs(replaced, replacedBy(real.api, model.activePlan), "the version a save replaces is the plan's link")
        const sent = real.api.log.find((call) => call.savedHash !== null && call.savedHash === table.versionHashCode)
        if (sent) expectIs(sent.body?.linkedVersionIdentifier ?? null, replaced, 'a save is linked to what it replaces')
        model.saved = table
        const plan = PLANS[model.activePlan ?? -1]
        model.locked = plan !== undefined && !isErpSystem(plan.system)
        expect(model.shown, 'a save with no result on screen').not.toBeNull()
        expectTableOf(table, model.shown!)
      }
      if (model.waitingPlan !== null) applyPlan(model, model.waitingPlan)
    }
  }
}

export function applyPlan(model: Model, plan: number): void {
  model.activePlan = plan
  model.waitingPlan = null
  model.shown = null
  model.saved = null
  model.locked = false
  model.sessionRefusedSave = false
}

/**
 * The checks below run after every step, a few hundred thousand per file: each is handed to Vitest only when it
 * fails (with the same words), since Vitest's bookkeeping of a passing assertion took a fifth of a run.
 */
function expectIs(actual: unknown, expected: unknown, message?: string): void {
  if (!Object.is(actual, expected)) expect(actual, message).toBe(expected)
}

function expectPresent(actual: unknown, message?: string): void {
  if (actual === null) expect(actual, message).not.toBeNull()
}

/** The dated schedule describes the fees table: same count, first date, amount and totals. */
function expectTableOf(table: AmortizationTable, result: FeesTableResult): void {
  expectIs(table.fees.length, result.totalFees)
  expectIs(table.fees[0]?.dueDate, result.firstPaymentDate)
  expectIs(table.totals.amountToFinance, result.amountToFinance)
  expectIs(table.totals.finalFee, result.finalFee)
}

function checkInvariants(model: Model, real: Real): void {
  const { api } = real
  const held = api.held()
  if (!real.store) {
    expect(held, 'nothing is under way for an element out of the page').toEqual([])
    model.calls = api.log.length
    return
  }
  const s = real.store!.getState()
  // At most one calculation, one save and one schedule in flight.
  for (const kind of ['calculate', 'save', 'preview'] as const) {
    const inFlight = held.filter((call) => call.kind === kind).length
    if (inFlight > 1) expect(inFlight, `${kind} calls in flight`).toBeLessThanOrEqual(1)
  }
  // The screen shows what the host was told.
  expectIs(s.result, model.shown, 'the result on screen is the one announced')
  if (s.result && !s.calculating && !selectSaveBusy(s)) expect(s.choice).toEqual(choiceOf(s.result))
  // No save lost: a pressed SAVE is pending, under way, or has had its outcome.
  expectIs(selectSaveBusy(s), model.savePending, 'a pressed SAVE is pending or under way')
  // The save under way is for the plan on screen, and the controls show that plan.
  const saving = held.find((call) => call.kind === 'save')
  if (saving) {
    expectIs(s.saving, true)
    expectPresent(s.result)
    expectIs(saving.body?.numberOfFees, s.result!.totalFees)
    expectIs(saving.body?.dateOfPayment, s.result!.firstPaymentDate)
    expectIs(saving.body?.finalAmount, s.result!.initialAmount)
    expect(s.choice).toEqual(choiceOf(s.result!))
  }
  // The schedule on screen and the lock describe the figures on screen.
  if (model.saved) expectIs(s.amortization, model.saved, 'the saved table is the schedule shown')
  if (s.amortization && s.result) expectTableOf(s.amortization, s.result)
  expectIs(s.versionLocked, model.locked, 'locked exactly after a save that locks')
  if (s.versionLocked) {
    expectPresent(s.amortization)
    expect(s.choice).toEqual(choiceOf(s.result!))
  }
  // No dead end: a plan the host gave that is neither on screen nor on its way has its failure said, with Try again.
  if (s.mode === 'embedded' && s.result === null && !s.calculating)
    expectPresent(s.failure, 'an embedded card with no figures and nothing under way says why')
  expectOneVersionPerKey(api)
  // The saved version the plan replaces is the one its input links to, read by its hash only once the plan's own
  // figures were told to the host, never before them, one read at a time; a read that failed leaves the plan on
  // screen (checked above) and is the card's to say, never the host's failure.
  if (s.mode === 'embedded' && s.input)
    expectIs(s.replaced?.versionHashCode ?? null, replacedBy(api, model.activePlan), 'the version beside the plan')
  for (const call of api.log.slice(model.calls))
    if (call.versionRead !== null) {
      expectIs(call.versionRead, s.replaced?.versionHashCode, 'a version read is the one the plan replaces')
      expectPresent(model.shown, "the replaced version read before the plan's own figures")
    }
  // And it is read: once the plan's figures are on screen with nothing under way and SAVE's rules (which read it)
  // are here, whenever they came, it has been read, is being read, or could not be.
  const { replaced } = s
  if (replaced && s.savingRules && s.result && !s.calculating)
    expect(
      replaced.saved !== null || replaced.reading || replaced.failed,
      'the version a plan replaces is read once its figures are on screen',
    ).toBe(true)
  if (held.filter((call) => call.versionRead !== null).length > 1)
    expect(
      held.filter((call) => call.versionRead !== null),
      'reads of the replaced version in flight',
    ).toHaveLength(1)
  // Every call carries the host's newest token.
  for (const call of api.log.slice(model.calls)) expectIs(call.authorization, `Bearer ${api.tokens[model.token]}`)
  model.calls = api.log.length
}

/**
 * The versions each save's Idempotency-Key was answered with, across every call in the log. The log spans all the
 * runs of a file, so it is read once, as it grows: a key's versions change only when a call with that key arrives.
 */
const versionsRead = new WeakMap<ServerUnderTest, { calls: number; byKey: Map<string, Set<string>> }>()

/** No save stored twice for one press: every answer to one Idempotency-Key is the same version. */
function expectOneVersionPerKey(api: ServerUnderTest): void {
  const read = versionsRead.get(api) ?? { calls: 0, byKey: new Map<string, Set<string>>() }
  versionsRead.set(api, read)
  for (const call of api.log.slice(read.calls)) {
    if (call.kind !== 'save' || call.idempotencyKey === null || call.savedHash === null) continue
    const versions = read.byKey.get(call.idempotencyKey) ?? new Set<string>()
    versions.add(call.savedHash)
    read.byKey.set(call.idempotencyKey, versions)
    expectIs(versions.size, 1, `versions stored for key ${call.idempotencyKey}`)
  }
  read.calls = api.log.length
}

export type Command = fc.AsyncCommand<Model, Real>

/** The screen disables the fee count, the date and the amount of a saved, locked plan: a user cannot change it. */
const userCanEdit = (model: Readonly<Model>) => model.attached && !model.locked
const onScreen = (model: Readonly<Model>) => model.attached

/** A change the user makes on screen: the fee count, the date, or an amount typed and committed by leaving the field. */
type Edit =
  | { kind: 'count'; value: number }
  | { kind: 'date'; value: string }
  | { kind: 'amount'; value: number | null }

export class UserEdit implements Command {
  constructor(readonly edit: Edit) {}
  check = userCanEdit
  async run(model: Model, real: Real) {
    const actions = real.store!.getState()
    const { edit } = this
    if (edit.kind === 'count') actions.chooseFeeCount(edit.value)
    else if (edit.kind === 'date') actions.chooseDate(edit.value)
    else actions.chooseAmount(edit.value)
    await step(model, real)
  }
  toString = () =>
    `${this.edit.kind === 'amount' ? 'typeAmountAndBlur' : `choose ${this.edit.kind}`}(${this.edit.value})`
}

export const chooseCount = (value: number) => new UserEdit({ kind: 'count', value })
export const chooseDate = (value: string) => new UserEdit({ kind: 'date', value })
export const typeAmountAndBlur = (value: number | null) => new UserEdit({ kind: 'amount', value })

export class Save implements Command {
  check = onScreen
  async run(model: Model, real: Real) {
    // SAVE is on the card's save bar, which comes with its rules (a lazy chunk): before they are here there is nothing
    // to press.
    if (!real.store!.getState().savingRules) return
    // The model's rule: a press counts when a result is on screen, not locked, no save is pending, and no amount
    // the API refused waits to be fixed.
    const accepted =
      model.shown !== null && !model.locked && !model.savePending && real.store!.getState().amountRefusal === null
    const before = real.events.length
    // Not awaited: a save resolves when its answer arrives, which this test delivers later.
    void real.store!.getState().save()
    if (accepted) {
      model.savePending = true
      model.sessionRefusedSave = false
    }
    await step(model, real)
    if (!accepted)
      expect(real.events.slice(before).some((event) => event.name === 'feeOptionSelectedEvent')).toBe(false)
  }
  toString = () => 'save()'
}

export class ShowSchedule implements Command {
  check = onScreen
  async run(model: Model, real: Real) {
    if (!real.store!.getState().savingRules) return
    void real.store!.getState().previewSchedule()
    await step(model, real)
  }
  toString = () => 'previewSchedule()'
}

/** The host sets a tuition input: a new plan, or the same plan again. */
export class NewInput implements Command {
  constructor(readonly plan: number) {}
  check = onScreen
  async run(model: Model, real: Real) {
    const { api } = real
    const calls = api.log.length
    real.setInput(inputOf(api, this.plan, model.token))
    model.plan = this.plan
    if (model.activePlan === this.plan) model.waitingPlan = null
    else if (model.savePending) model.waitingPlan = this.plan
    else applyPlan(model, this.plan)
    await step(model, real)
    if (model.activePlan === this.plan && model.shown !== null)
      expect(api.log.length, 'the same plan again sends nothing').toBe(calls)
  }
  toString = () => `setTuitionInput(plan ${this.plan})`
}

/** The host refreshes its token: the same plan with only `token` changed. */
export class NewToken implements Command {
  constructor(readonly token: TokenName) {}
  check = (model: Readonly<Model>) => model.attached && model.plan !== null
  async run(model: Model, real: Real) {
    const { api } = real
    const calls = api.log.length
    const before = real.store!.getState()
    // After a failed calculation a new token sends it again: the plan goes on, as its answer will show.
    const fresh = api.tokens[this.token] !== api.tokens[model.token]
    // After a failed calculation a new token sends it again, and after a save refused for the session it may send the save.
    const resends = fresh && ((before.failure !== null && !before.calculating) || model.sessionRefusedSave)
    real.setInput(inputOf(api, model.plan!, this.token))
    model.token = this.token
    await real.flush?.()
    if (real.store && selectSaveBusy(real.store.getState()) && !model.savePending) {
      expect(model.sessionRefusedSave, 'a save sent again by a fresh token was refused for the session').toBe(true)
      model.savePending = true
      model.sessionRefusedSave = false
    }
    if (model.activePlan === model.plan && !resends) {
      model.waitingPlan = null
      const after = real.store!.getState()
      // Nothing on screen changes and nothing is sent.
      expect(after.result).toBe(before.result)
      expect(after.choice).toBe(before.choice)
      expect(after.versionLocked).toBe(before.versionLocked)
      expect(api.log.length).toBe(calls)
    }
    await step(model, real)
  }
  toString = () => `newToken(${this.token})`
}

/** One held answer arrives: which one (out of order) and how. */
export class Deliver implements Command {
  constructor(
    readonly pick: number,
    readonly how: Delivery,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const { api } = real
    const held = api.held()
    if (held.length === 0) return
    const call = held[this.pick % held.length]!
    const before = real.store!.getState().result
    const waiting = model.waitingPlan
    const failures = real.events.length
    api.deliver(call.id, this.how)
    await step(model, real)
    if (call.versionRead !== null && (this.how !== 'answer' || call.status >= 400)) {
      // The plan goes on without the version it replaces: no failure for the host, the plan stays, the card says it.
      const s = real.store!.getState()
      const retried = api.held().some((other) => other.versionRead !== null && other.id > call.id)
      expect(real.events.slice(failures).some((event) => event.name === 'invalidTuitionEvent')).toBe(false)
      expect(s.result).toBe(before)
      if (!retried) expect(s.replaced).toMatchObject({ versionHashCode: call.versionRead, failed: true })
    }
    if (call.kind === 'calculate' && (this.how !== 'answer' || call.status >= 400)) {
      // A failed recalculation leaves the plan on screen (unless the host's newer plan was waiting for it), and the host hears the status.
      if (waiting === null) expect(real.store!.getState().result).toBe(before)
      const reported = real.events.slice(failures).find((event) => event.name === 'invalidTuitionEvent')
      // No answer, or a 503, is tried again (at most twice) before it is reported: then the retry is under way.
      const retried = api.held().some((other) => other.kind === 'calculate' && other.id > call.id)
      const transient = this.how === 'network' || this.how === 'unavailable'
      expect(reported !== undefined || (transient && retried), 'a failed calculation is reported or retried').toBe(true)
      if (reported) {
        const statuses = { answer: call.status, server_error: 500, unavailable: 503, network: null, timeout: null }
        expect((reported.detail as RequestFailure).status).toBe(statuses[this.how])
      }
    }
  }
  toString = () => `deliver(#${this.pick}, ${this.how})`
}

/** The student presses Try again on a failed calculation. */
export class TryAgain implements Command {
  check = onScreen
  async run(model: Model, real: Real) {
    real.store!.getState().retry()
    await step(model, real)
  }
  toString = () => 'retry()'
}

/** The browser comes back online: a calculation that failed for want of a connection is sent again. */
export class BackOnline implements Command {
  check = onScreen
  async run(model: Model, real: Real) {
    const before = real.store!.getState()
    const resends = before.failure?.kind === 'connection' && !before.saving && !before.saveQueued
    before.wentOnline()
    if (resends) expect(real.store!.getState().calculating, 'back online resends the calculation').toBe(true)
    await step(model, real)
  }
  toString = () => 'wentOnline()'
}

/**
 * What a user does and how the API answers; each test adds how the screen goes away. `transient`: answers the
 * client tries again (no answer, a 503), for a store whose retries wait no time (the element's wait on timers
 * that its test fakes).
 */
export const userAndApiCommands = ({ transient = true }: { transient?: boolean } = {}) => [
  fc.integer({ min: 12, max: 24 }).map(chooseCount),
  fc.constantFrom('2026-12-10', '2027-02-28', '2027-03-31T00:00:00Z').map(chooseDate),
  fc.constantFrom(7000, 6000, 123.45, 0.05, null).map(typeAmountAndBlur),
  fc.constant(new Save()),
  fc.constant(new Save()),
  fc.constant(new ShowSchedule()),
  fc.integer({ min: 0, max: PLANS.length - 1 }).map((plan) => new NewInput(plan)),
  fc.constantFrom<TokenName>('first', 'second', 'refused').map((token) => new NewToken(token)),
  fc
    .tuple(
      fc.nat(3),
      fc.constantFrom<Delivery>(
        'answer',
        'answer',
        'answer',
        'timeout',
        'server_error',
        ...(transient ? (['network', 'unavailable'] as const) : []),
      ),
    )
    .map(([pick, how]) => new Deliver(pick, how)),
  fc.constant(new TryAgain()),
  fc.constant(new BackOnline()),
  fc.tuple(fc.nat(3), fc.constant<Delivery>('answer')).map(([pick, how]) => new Deliver(pick, how)),
]

/** What the model holds when no plan is on screen. */
const NOTHING_ON_SCREEN = {
  activePlan: null,
  waitingPlan: null,
  shown: null,
  saved: null,
  locked: false,
  savePending: false,
  sessionRefusedSave: false,
} as const satisfies Partial<Model>

/** The screen went away (the store cleared, or the element removed): nothing is on it and nothing is pending. */
export function screenGone(model: Model, changes: Partial<Model> = {}): void {
  Object.assign(model, NOTHING_ON_SCREEN, changes)
}

export function freshModel(api: ServerUnderTest): Model {
  return { attached: true, plan: null, token: 'first', ...NOTHING_ON_SCREEN, seen: 0, calls: api.log.length }
}
