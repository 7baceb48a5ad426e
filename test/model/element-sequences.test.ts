// @vitest-environment happy-dom
/**
 * The same model as the flow's and the store's (test/support/store-model.ts), run on the element in a page, with
 * what a host page does to the element itself: move it (a framework re-parenting it, in the same task or a few
 * frames later) and remove it for good, then put it back. A move keeps the store, the plan, the lock, the version
 * and the schedule and sends nothing; a removal releases the calculator and drops what was under way, and the host
 * hears nothing more from it; put back, it starts afresh from the host's last input. The rules themselves are the
 * flow's, checked by the thousand on the flow alone (test/model/flow-sequences.test.ts): these runs check that the
 * element feeds the flow its host's and the page's events and carries out what it decides.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { httpChunk } from '../../src/api/chunks.ts'
import { defineFeesCalculator } from '../../src/define.ts'
import type { TuitionInput } from '../../src/domain/types.ts'
import { RELEASE_DELAY_MS } from '../../src/element/r2wc-adapter.ts'
import { widgetOf } from '../../src/element.ts'
import { EVENT_NAMES } from '../../src/events.ts'
import { type ControlledApi, createControlledApi } from '../support/controlled-api.ts'
import { setPageUrl } from '../support/page-url.ts'
import {
  applyPlan,
  type Command,
  Deliver,
  freshModel,
  type Model,
  NewInput,
  type Real,
  type Recorded,
  Save,
  screenGone,
  step,
  stepsChecked,
  userAndApiCommands,
} from '../support/store-model.ts'

/** Fewer runs than the flow's: each step renders the element (ELEMENT_MODEL_RUNS=… hunts longer). */
const MODEL_RUNS = Number(process.env.ELEMENT_MODEL_RUNS ?? 100)
const MAX_COMMANDS = 40
/** Hundreds of runs take tens of seconds, minutes on a machine busy with other work: the bound is for a hang only. */
const MODEL_TIMEOUT_MS = 600_000
const API_BASE = 'http://127.0.0.1:9/api/v1'

let api: ControlledApi
const realFetch = globalThis.fetch
beforeAll(async () => {
  api = await createControlledApi()
  // The API client is a lazy chunk: loaded once here, so no step waits for its first load.
  await httpChunk.load()
  setPageUrl('http://127.0.0.1:9/')
  // The element's store calls the page's fetch: here, the reference server with its answers held.
  globalThis.fetch = api.fetch
  // Only the release timer is faked, so a test can let RELEASE_DELAY_MS pass at once; answers, renders and lazy chunks run as they do.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  defineFeesCalculator()
})
afterAll(() => {
  vi.useRealTimers()
  globalThis.fetch = realFetch
})

type Host = HTMLElement & { tuitionInput: TuitionInput | null; apiBase: string | null }

interface ElementReal extends Real {
  element: Host
  /** Two places in the page the element moves between. */
  places: [HTMLElement, HTMLElement]
}

/** Lets React render what an action changed (its updates from the element's props are flushed before the next macrotask). */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve))

function freshReal(): ElementReal {
  document.body.innerHTML = '<section id="a"></section><section id="b"></section>'
  const places: [HTMLElement, HTMLElement] = [document.getElementById('a')!, document.getElementById('b')!]
  const element = document.createElement('fees-calculator') as Host
  element.apiBase = API_BASE
  const events: Recorded[] = []
  for (const name of EVENT_NAMES)
    element.addEventListener(name, (event) => events.push({ name, detail: (event as CustomEvent).detail }))
  places[0].append(element)
  return {
    api,
    element,
    places,
    events,
    notices: [],
    get store() {
      return element.isConnected ? widgetOf(element).store : null
    },
    setInput: (input) => {
      element.tuitionInput = input
    },
    // A connected element's first render (which starts its widget) may take several tasks on a busy machine: wait for it.
    flush: async () => {
      await nextTask()
      if (element.isConnected) await renderedSoon(element)
      await savingRulesSoon(element)
    },
  }
}

/**
 * SAVE's bar and rules come after the frame that drew what a step brought (src/store/runner.ts): that frame passes
 * (its timer is a faked one) until they are here, so that what they send is the step's that asked for them.
 */
async function savingRulesSoon(element: HTMLElement): Promise<void> {
  for (let task = 0; task < 200; task += 1) {
    const s = element.isConnected ? widgetOf(element).store.getState() : null
    if (!s || s.savingRules || s.calculating) return
    vi.advanceTimersByTime(0)
    await nextTask()
  }
}

/** The element's shadow root has the calculator in it (its React tree is mounted). */
const rendered = (element: HTMLElement) => (element.shadowRoot?.childElementCount ?? 0) > 0

/** Whether the element shows the calculator once React has done the work it has scheduled (a bounded number of tasks). */
async function renderedSoon(element: HTMLElement): Promise<boolean> {
  for (let task = 0; task < 2_000 && !rendered(element); task += 1) await nextTask()
  return rendered(element)
}

/** The host moves the element to the other place: in the same task, or some frames later (within the release delay). */
class Move implements Command {
  constructor(readonly later: boolean) {}
  check = (model: Readonly<Model>) => model.attached
  async run(model: Model, real: ElementReal) {
    const { element, places } = real
    const store = real.store
    const calls = api.log.length
    const to = element.parentElement === places[0] ? places[1] : places[0]
    if (this.later) {
      element.remove()
      await nextTask()
      vi.advanceTimersByTime(RELEASE_DELAY_MS - 1)
    }
    to.append(element)
    await step(model, real)
    expect(real.store, 'a move keeps the store').toBe(store)
    expect(rendered(element), 'a move keeps the rendered calculator').toBe(true)
    expect(api.log.length, 'a move sends nothing').toBe(calls)
  }
  toString = () => `move(${this.later ? 'some frames later' : 'same task'})`
}

/** The host removes the element for good: once the release delay has passed, its React tree, store and calls are gone. */
class Remove implements Command {
  check = (model: Readonly<Model>) => model.attached
  async run(model: Model, real: ElementReal) {
    const { element } = real
    const store = real.store
    const seen = real.events.length
    element.remove()
    vi.advanceTimersByTime(RELEASE_DELAY_MS)
    screenGone(model, { attached: false })
    await step(model, real)
    const released = widgetOf(element).store.getState()
    expect(released.attached, 'the calculator is released').toBe(false)
    expect(released.result, 'nothing stays on screen').toBeNull()
    expect(rendered(element), 'the React tree is unmounted').toBe(false)
    if (store) expect(store.getState().calculating || store.getState().saving).toBe(false)
    expect(real.events.length, 'a removed element tells the host nothing').toBe(seen)
    model.seen = real.events.length
  }
  toString = () => 'remove()'
}

/** The host puts a removed element back: it starts afresh from the last input it was given. */
class PutBack implements Command {
  check = (model: Readonly<Model>) => !model.attached
  async run(model: Model, real: ElementReal) {
    real.places[0].append(real.element)
    model.attached = true
    if (model.plan !== null) applyPlan(model, model.plan)
    await step(model, real)
    expect(await renderedSoon(real.element), 'put back, it renders again').toBe(true)
  }
  toString = () => 'putBack()'
}

const elementCommands = [
  ...userAndApiCommands({ transient: false }),
  fc.boolean().map((later) => new Move(later)),
  fc.constant(new Remove()),
  fc.constant(new PutBack()),
]

async function run(commands: Iterable<Command>): Promise<void> {
  const real = freshReal()
  const model = freshModel(api)
  try {
    await fc.asyncModelRun(() => ({ model, real }), [new NewInput(0), ...commands])
  } finally {
    real.element.remove()
    vi.advanceTimersByTime(RELEASE_DELAY_MS)
  }
}

describe('<fees-calculator> under random sequences of user actions, host inputs, moves, removals and late answers', () => {
  it(
    `keeps its plan when moved, releases everything when removed, and never loses or mismatches a save (${MODEL_RUNS} runs)`,
    async () => {
      const stepsBefore = stepsChecked()
      await fc.assert(
        fc.asyncProperty(fc.commands(elementCommands, { maxCommands: MAX_COMMANDS, size: '+1' }), (sequence) =>
          run(sequence),
        ),
        { numRuns: MODEL_RUNS },
      )
      // About 11 checked steps a run, measured; the bound is far below that so it cannot fail by chance.
      expect(stepsChecked() - stepsBefore).toBeGreaterThan(MODEL_RUNS * 7)
      if (process.env.MODEL_STATS)
        console.log(`element model: ${MODEL_RUNS} runs, ${stepsChecked() - stepsBefore} checked steps`)
    },
    MODEL_TIMEOUT_MS,
  )
})

describe('named element sequences', () => {
  const first = () => new Deliver(0, 'answer')

  it('moved during a save, it keeps the save under way, then locks on the plan it saved', async () => {
    await run([first(), new Save(), new Move(false), new Move(true), first()])
  })

  it('moved during a calculation, it sends nothing more and shows that calculation when it answers', async () => {
    await run([new Move(true), first()])
  })

  it('removed during a save, it tells the host nothing, and put back it calculates afresh', async () => {
    await run([first(), new Save(), new Remove(), new PutBack(), first()])
  })
})
