/**
 * Model-based tests of the calculator store: random sequences of what a user
 * and a host do (choose a count, a date, an amount committed by its blur,
 * SAVE, show the schedule, a new tuition input, a fresh token, remove the
 * element) interleaved with the API's answers, delivered late, out of order,
 * failed or timed out. The answers are the reference server's own; only their
 * delivery is held (test/support/held-api.ts). After every step the store is
 * checked against a small model of what the user pressed and what the host
 * was told.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { httpChunk } from '../../src/api/errors.ts'
import { choiceOf } from '../../src/domain/payload.ts'
import { isErpSystem } from '../../src/domain/systems.ts'
import type { AmortizationTable, FeesTableResult, TuitionInput } from '../../src/domain/types.ts'
import type { FeesCalculatorEventName, RequestFailure } from '../../src/events.ts'
import {
  createCalculatorStore,
  selectSaveBusy,
  type CalculatorStore,
  type Notice,
} from '../../src/store/calculator-store.ts'
import { createHeldApi, type Delivery, type HeldApi } from '../support/held-api.ts'

/** Runs of the model test (MODEL_RUNS=… hunts longer) and the longest sequence of commands in each. */
const MODEL_RUNS = Number(process.env.MODEL_RUNS ?? 1500)
const MAX_COMMANDS = 40

let api: HeldApi
beforeAll(async () => {
  api = await createHeldApi()
  // The API client is a lazy chunk: loaded once here, so no step waits for its first load.
  await httpChunk.load()
})

/** The host's tuition inputs: a plan that locks when saved, another contract, and an ERP plan that does not lock. */
const PLANS: readonly Omit<TuitionInput, 'token'>[] = [
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
]
type TokenName = 'first' | 'second' | 'refused'

interface Recorded {
  name: FeesCalculatorEventName
  detail: unknown
}

interface Real {
  store: CalculatorStore
  events: Recorded[]
  notices: Notice[]
}

/** What the user and the host did, and what they must have been told. */
interface Model {
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
  /** Events already read into the model. */
  seen: number
  /** Calls already checked for their credentials. */
  calls: number
}

function inputOf(plan: number, token: TokenName): TuitionInput {
  return { ...PLANS[plan]!, token: api.tokens[token] } as TuitionInput
}

const isFailure = (detail: unknown): detail is RequestFailure =>
  (detail as RequestFailure | null)?.code === 'request_failed'

/** Lets the store do everything it can until only held answers are left, then checks it against the model. */
let stepsRun = 0
async function step(model: Model, real: Real): Promise<void> {
  stepsRun += 1
  const { store } = real
  await api.settle(
    () => {
      const s = store.getState()
      const held = api.held()
      const has = (kind: string) => held.some((call) => call.kind === kind)
      return (
        s.calculating === has('calculate') &&
        s.saving === has('save') &&
        (s.schedulePreview === 'loading') === has('preview')
      )
    },
    () => {
      const s = store.getState()
      return `calculating ${s.calculating}, saving ${s.saving}, saveQueued ${s.saveQueued}, preview ${s.schedulePreview}, events ${JSON.stringify(real.events.slice(-2))}`
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
      if (!isFailure(event.detail)) {
        const table = event.detail as AmortizationTable
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

function applyPlan(model: Model, plan: number): void {
  model.activePlan = plan
  model.waitingPlan = null
  model.shown = null
  model.saved = null
  model.locked = false
}

/** The dated schedule describes the fees table: same count, first date, amount and totals. */
function expectTableOf(table: AmortizationTable, result: FeesTableResult): void {
  expect(table.fees.length).toBe(result.totalFees)
  expect(table.fees[0]?.dueDate).toBe(result.firstPaymentDate)
  expect(table.totals.amountToFinance).toBe(result.amountToFinance)
  expect(table.totals.finalFee).toBe(result.finalFee)
}

function checkInvariants(model: Model, real: Real): void {
  const s = real.store.getState()
  const held = api.held()
  // At most one calculation, one save and one schedule in flight.
  for (const kind of ['calculate', 'save', 'preview'] as const) {
    expect(held.filter((call) => call.kind === kind).length, `${kind} calls in flight`).toBeLessThanOrEqual(1)
  }
  // The screen shows what the host was told.
  expect(s.result, 'the result on screen is the one announced').toBe(model.shown)
  if (s.result && !s.calculating && !selectSaveBusy(s)) expect(s.choice).toEqual(choiceOf(s.result))
  // No save lost: a pressed SAVE is pending, under way, or has had its outcome.
  expect(selectSaveBusy(s), 'a pressed SAVE is pending or under way').toBe(model.savePending)
  // The save under way is for the plan on screen, and the controls show that plan.
  const saving = held.find((call) => call.kind === 'save')
  if (saving) {
    expect(s.saving).toBe(true)
    expect(s.result).not.toBeNull()
    expect(saving.body?.numberOfFees).toBe(s.result!.totalFees)
    expect(saving.body?.dateOfPayment).toBe(s.result!.firstPaymentDate)
    expect(saving.body?.finalAmount).toBe(s.result!.initialAmount)
    expect(s.choice).toEqual(choiceOf(s.result!))
  }
  // The schedule on screen and the lock describe the figures on screen.
  if (model.saved) expect(s.amortization, 'the saved table is the schedule shown').toBe(model.saved)
  if (s.amortization && s.result) expectTableOf(s.amortization, s.result)
  expect(s.versionLocked, 'locked exactly after a save that locks').toBe(model.locked)
  if (s.versionLocked) {
    expect(s.amortization).not.toBeNull()
    expect(s.choice).toEqual(choiceOf(s.result!))
  }
  // Every call carries the host's newest token.
  for (const call of api.log.slice(model.calls)) expect(call.authorization).toBe(`Bearer ${api.tokens[model.token]}`)
  model.calls = api.log.length
}

type Command = fc.AsyncCommand<Model, Real>

/** The screen disables the fee count, the date and the amount of a saved, locked plan: a user cannot change it. */
const userCanEdit = (model: Readonly<Model>) => !model.locked

class ChooseCount implements Command {
  constructor(readonly count: number) {}
  check = userCanEdit
  async run(model: Model, real: Real) {
    real.store.getState().chooseFeeCount(this.count)
    await step(model, real)
  }
  toString = () => `chooseFeeCount(${this.count})`
}

class ChooseDate implements Command {
  constructor(readonly date: string) {}
  check = userCanEdit
  async run(model: Model, real: Real) {
    real.store.getState().chooseDate(this.date)
    await step(model, real)
  }
  toString = () => `chooseDate(${this.date})`
}

/** Typing an amount and leaving the field: the blur commits it. */
class TypeAmountAndBlur implements Command {
  constructor(readonly amount: number | null) {}
  check = userCanEdit
  async run(model: Model, real: Real) {
    real.store.getState().chooseAmount(this.amount)
    await step(model, real)
  }
  toString = () => `typeAmountAndBlur(${this.amount})`
}

class Save implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    // The model's rule: a press counts when a result is on screen, not locked, and no save is pending.
    const accepted = model.shown !== null && !model.locked && !model.savePending
    const before = real.events.length
    // Not awaited: a save resolves when its answer arrives, which this test delivers later.
    void real.store.getState().save()
    if (accepted) model.savePending = true
    await step(model, real)
    if (!accepted)
      expect(real.events.slice(before).some((event) => event.name === 'feeOptionSelectedEvent')).toBe(false)
  }
  toString = () => 'save()'
}

class ShowSchedule implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    void real.store.getState().previewSchedule()
    await step(model, real)
  }
  toString = () => 'previewSchedule()'
}

/** The host sets a tuition input: a new plan, or the same plan again. */
class NewInput implements Command {
  constructor(readonly plan: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const calls = api.log.length
    real.store.getState().setTuitionInput(inputOf(this.plan, model.token))
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
class NewToken implements Command {
  constructor(readonly token: TokenName) {}
  check = (model: Readonly<Model>) => model.plan !== null
  async run(model: Model, real: Real) {
    const calls = api.log.length
    const before = real.store.getState()
    real.store.getState().setTuitionInput(inputOf(model.plan!, this.token))
    model.token = this.token
    if (model.activePlan === model.plan) {
      model.waitingPlan = null
      const after = real.store.getState()
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

/** The host removes the element: everything under way is dropped, and the host is told nothing more. */
class Remove implements Command {
  check = () => true
  async run(model: Model, real: Real) {
    real.store.getState().clear()
    Object.assign(model, {
      plan: null,
      activePlan: null,
      waitingPlan: null,
      shown: null,
      saved: null,
      locked: false,
      savePending: false,
    })
    await step(model, real)
  }
  toString = () => 'remove()'
}

/** One held answer arrives: which one (out of order) and how. */
class Deliver implements Command {
  constructor(
    readonly pick: number,
    readonly how: Delivery,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const held = api.held()
    if (held.length === 0) return
    const call = held[this.pick % held.length]!
    const before = real.store.getState().result
    const waiting = model.waitingPlan
    const failures = real.events.length
    api.deliver(call.id, this.how)
    await step(model, real)
    if (call.kind === 'calculate' && (this.how !== 'answer' || call.status >= 400)) {
      // A failed recalculation leaves the plan on screen (unless the host's newer plan was waiting for it), and the host hears the status.
      if (waiting === null) expect(real.store.getState().result).toBe(before)
      const reported = real.events.slice(failures).find((event) => event.name === 'invalidTuitionEvent')
      expect(reported, 'a failed calculation is reported').toBeDefined()
      const expected = this.how === 'answer' ? call.status : this.how === 'server_error' ? 500 : null
      expect((reported!.detail as RequestFailure).status).toBe(expected)
    }
  }
  toString = () => `deliver(#${this.pick}, ${this.how})`
}

const commands = [
  fc.integer({ min: 12, max: 24 }).map((count) => new ChooseCount(count)),
  fc.constantFrom('2026-12-10', '2027-02-28', '2027-03-31T00:00:00Z').map((date) => new ChooseDate(date)),
  fc.constantFrom(7000, 6000, 123.45, 0.05, null).map((amount) => new TypeAmountAndBlur(amount)),
  fc.constant(new Save()),
  fc.constant(new Save()),
  fc.constant(new ShowSchedule()),
  fc.integer({ min: 0, max: PLANS.length - 1 }).map((plan) => new NewInput(plan)),
  fc.constantFrom<TokenName>('first', 'second', 'refused').map((token) => new NewToken(token)),
  fc.constant(new Remove()),
  fc
    .tuple(fc.nat(3), fc.constantFrom<Delivery>('answer', 'answer', 'answer', 'network', 'timeout', 'server_error'))
    .map(([pick, how]) => new Deliver(pick, how)),
  fc.tuple(fc.nat(3), fc.constant<Delivery>('answer')).map(([pick, how]) => new Deliver(pick, how)),
]

function freshReal(): Real {
  const events: Recorded[] = []
  const notices: Notice[] = []
  const store = createCalculatorStore(
    {
      emit: (name, detail) => events.push({ name, detail }),
      notify: (notice) => notices.push(notice),
      log: () => {},
      hostname: '127.0.0.1',
      fetch: api.fetch,
    },
    { apiBase: 'http://127.0.0.1:9/api/v1' },
  )
  return { store, events, notices }
}

function freshModel(): Model {
  return {
    plan: null,
    token: 'first',
    activePlan: null,
    waitingPlan: null,
    shown: null,
    saved: null,
    locked: false,
    savePending: false,
    seen: 0,
    calls: api.log.length,
  }
}

describe('the calculator store under random sequences of user actions, host inputs and late answers', () => {
  it(`keeps every save, saves only the plan on screen, and tells the host what the screen shows (${MODEL_RUNS} runs)`, async () => {
    const stepsBefore = stepsRun
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: '+1' }), async (sequence) => {
        const real = freshReal()
        const model = freshModel()
        try {
          await fc.asyncModelRun(() => ({ model, real }), [new NewInput(0), ...sequence])
        } finally {
          real.store.getState().clear()
        }
      }),
      { numRuns: MODEL_RUNS },
    )
    // Each run is the host's input, then its random commands (about 18 a run on average, measured).
    expect(stepsRun - stepsBefore).toBeGreaterThan(MODEL_RUNS * 10)
    if (process.env.MODEL_STATS) console.log(`model: ${MODEL_RUNS} runs, ${stepsRun - stepsBefore} checked steps`)
  })
})

describe('named sequences (the cases the model found or the issue describes)', () => {
  const first = () => new Deliver(0, 'answer')

  it('types 7000, leaves the field and presses SAVE: the save waits for the recalculation and saves 7000', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      await new TypeAmountAndBlur(7000).run(model, real)
      await new Save().run(model, real)
      expect(real.store.getState().saveQueued).toBe(true)
      await first().run(model, real)
      expect(api.held().map((call) => call.kind)).toEqual(['save'])
      expect(api.held()[0]?.body?.finalAmount).toBe(7000)
      await first().run(model, real)
      const saved = real.events.filter((event) => event.name === 'feeOptionSelectedEvent')
      expect(saved).toHaveLength(1)
      expect((saved[0]!.detail as AmortizationTable).totals.amountToFinance).toBe(7000)
      expect(real.store.getState()).toMatchObject({ versionLocked: true, saving: false, saveQueued: false })
    } finally {
      real.store.getState().clear()
    }
  })

  it('refuses a SAVE whose recalculation fails, says why in a notice, and keeps the plan on screen', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      const shown = real.store.getState().result
      await new ChooseCount(18).run(model, real)
      await new Save().run(model, real)
      await new Deliver(0, 'timeout').run(model, real)
      expect(real.notices).toEqual([{ kind: 'save_failed', stage: 'recalculation', failure: 'timeout', status: null }])
      expect(real.events.at(-1)).toMatchObject({
        name: 'feeOptionSelectedEvent',
        detail: { code: 'request_failed', kind: 'timeout' },
      })
      expect(real.store.getState().result).toBe(shown)
      expect(real.store.getState().choice).toEqual(choiceOf(shown!))
    } finally {
      real.store.getState().clear()
    }
  })

  it('refuses changes while a save is under way, and keeps a new input from the host until it answers', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      await new Save().run(model, real)
      await new ChooseCount(20).run(model, real)
      expect(api.held().map((call) => call.kind)).toEqual(['save'])
      expect(real.store.getState().choice?.numberOfFees).toBe(12)
      await new NewInput(1).run(model, real)
      expect(api.held().map((call) => call.kind)).toEqual(['save'])
      await first().run(model, real)
      // The save's table describes plan 0; only then does plan 1 go out.
      expect(api.held().map((call) => call.kind)).toEqual(['calculate'])
      expect(api.held()[0]?.body?.contractId).toBe('C-2')
    } finally {
      real.store.getState().clear()
    }
  })

  it('takes a new token without a request or a reset, and a 401 keeps the plan and the lock', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      await new Save().run(model, real)
      await first().run(model, real)
      expect(real.store.getState().versionLocked).toBe(true)
      await new NewToken('second').run(model, real)
      expect(api.held()).toEqual([])
      expect(real.store.getState().versionLocked).toBe(true)
      await new NewToken('refused').run(model, real)
      await new ShowSchedule().run(model, real)
      // The schedule is already on screen (the save's): nothing is asked for.
      expect(api.held()).toEqual([])
    } finally {
      real.store.getState().clear()
    }
  })

  it('reports a 401 on a save to the host with its status, keeps the plan unlocked, and saves once the token is fresh', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      const shown = real.store.getState().result
      await new NewToken('refused').run(model, real)
      await new Save().run(model, real)
      await first().run(model, real)
      expect(real.events.at(-1)).toMatchObject({
        name: 'feeOptionSelectedEvent',
        detail: { code: 'request_failed', kind: 'http', status: 401 },
      })
      expect(real.notices.at(-1)).toEqual({ kind: 'save_failed', stage: 'save', failure: 'http', status: 401 })
      expect(real.store.getState()).toMatchObject({ result: shown, versionLocked: false, saving: false })
      await new NewToken('second').run(model, real)
      await new Save().run(model, real)
      await first().run(model, real)
      expect((real.events.at(-1)!.detail as AmortizationTable).versionNumber).toBeGreaterThanOrEqual(1)
      expect(real.store.getState().versionLocked).toBe(true)
    } finally {
      real.store.getState().clear()
    }
  })

  it('reports a 401 on a recalculation to the host with its status, and the next call carries the fresh token', async () => {
    const real = freshReal()
    const model = freshModel()
    try {
      await new NewInput(0).run(model, real)
      await first().run(model, real)
      await new NewToken('refused').run(model, real)
      await new ChooseCount(13).run(model, real)
      await first().run(model, real)
      expect(real.events.at(-1)).toMatchObject({
        name: 'invalidTuitionEvent',
        detail: { code: 'request_failed', status: 401 },
      })
      expect(real.store.getState().result?.totalFees).toBe(12)
      await new NewToken('second').run(model, real)
      await new ChooseCount(13).run(model, real)
      expect(api.held()[0]?.authorization).toBe(`Bearer ${api.tokens.second}`)
      await first().run(model, real)
      expect(real.store.getState().result?.totalFees).toBe(13)
    } finally {
      real.store.getState().clear()
    }
  })
})
