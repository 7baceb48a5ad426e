import fc from 'fast-check'
import { createRoot, type Root } from 'react-dom/client'
import { useStore } from 'zustand'
import { afterAll, describe, expect, it } from 'vitest'
import { amortizationLike, answers, feesTableLike, savedTableLike, versionNumberLike, type Answer } from '../../test/support/answers.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { parseAmortizationTable, parseFeesTable, parseJsonText, parseSavedFeesTable, parseVersionNumber, type Parsed } from '../api/responses.ts'
import type { AmortizationTable, TuitionInput } from '../domain/types.ts'
import type { FeesCalculatorEventName } from '../events.ts'
import { createCalculatorStore, type CalculatorStore, type Notice } from '../store/calculator-store.ts'
import { CalculatorView } from './CalculatorView.tsx'
import { CalculatorContext } from './context.ts'
import { createI18nByLanguage, LanguageProvider } from './i18n.ts'
import { BoundedView } from './ViewBoundary.tsx'

/**
 * Generated answers of the four calls through the real client, store and view
 * (happy-dom): the store's `fetch` dependency answers each request with a real
 * `Response` built from the generated status and body. Whatever arrives, no
 * exception escapes, the screen never shows NaN / Invalid Date / undefined,
 * every refusal is reported through its channel, and the next good answer is
 * shown as usual.
 */
const RUNS = Number(process.env.RESPONSE_FUZZ_RUNS ?? 10_000)

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false

const BROKEN_TEXT = /NaN|Invalid Date|undefined|Infinity/

/** The answer the widget should make of a generated one: the parsed value, or the code of its refusal. */
function expected<T>(answer: Answer, parse: (body: unknown) => Parsed<T>): { ok: true; value: T } | { ok: false; code: string } {
  if (answer.status < 200 || answer.status > 299) return { ok: false, code: 'request_failed' }
  const json = parseJsonText(answer.status, answer.body ?? '')
  if (!json.ok) return { ok: false, code: json.error.code }
  const parsed = parse(json.value)
  return parsed.ok ? parsed : { ok: false, code: parsed.error.code }
}

type Route = 'CalculateFeeOptions' | 'FrontCalculateFees' | 'feestable' | 'Version'
const routeOf = (url: string): Route =>
  url.includes('/Version/') ? 'Version' : url.includes('/feestable/') ? 'feestable' : url.includes('FrontCalculateFees') ? 'FrontCalculateFees' : 'CalculateFeeOptions'

const toResponse = (answer: Answer) =>
  new Response(answer.body, { status: answer.status, headers: answer.body === null ? {} : { 'Content-Type': answer.contentType } })

const json = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value), contentType: 'application/json' })

/**
 * Lets pending promises, ky's included, and React's commit run (a store update
 * commits in a microtask). setImmediate rather than setTimeout: Node clamps a
 * timer to a millisecond, which forty thousand answers would wait out.
 */
const turn = () => new Promise((resolve) => setImmediate(resolve))
async function until(condition: () => boolean, what: string) {
  for (let k = 0; k < 5000; k++) {
    if (condition()) return
    await turn()
  }
  throw new Error(`never happened: ${what}`)
}

const mounted: Root[] = []
afterAll(() => {
  for (const root of mounted.splice(0)) root.unmount()
  document.body.replaceChildren()
})

/** One widget (the real store and view) whose every request is answered by `answer`. */
function widget() {
  const next: Partial<Record<Route, Answer>> = {}
  /** Requests whose answer the test holds back, to send them in another order. */
  const held: { resolve: () => void }[] = []
  let holding = false
  let pending = 0
  const events: { name: FeesCalculatorEventName; detail: unknown }[] = []
  const notices: Notice[] = []
  const logged: string[] = []
  const renderFailures: unknown[] = []
  const fetchAnswer = async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input)
    const answer = next[routeOf(url)]
    if (!answer) throw new Error(`no answer for ${url}`)
    pending++
    try {
      if (holding) await new Promise<void>((resolve) => held.push({ resolve }))
      return toResponse(answer)
    } finally {
      pending--
    }
  }
  const store: CalculatorStore = createCalculatorStore(
    {
      emit: (name, detail) => events.push({ name, detail }),
      notify: (notice) => notices.push(notice),
      log: (message) => logged.push(message),
      hostname: '127.0.0.1',
      fetch: fetchAnswer as typeof fetch,
    },
    { apiBase: 'http://127.0.0.1:9/api/v1' },
  )
  const i18n = createI18nByLanguage()
  const context = { store, shadowRoot: null, reportChunkFailure: () => {} }
  function Widget() {
    const language = useStore(store, (s) => s.language)
    return (
      <LanguageProvider i18n={i18n[language]}>
        <CalculatorContext.Provider value={context}>
          <BoundedView onError={(error) => renderFailures.push(error)}>
            <CalculatorView showHeader showFooter />
          </BoundedView>
        </CalculatorContext.Provider>
      </LanguageProvider>
    )
  }
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  mounted.push(root)
  root.render(<Widget />)
  const idle = async () => {
    await until(() => pending === 0 && !store.getState().calculating && !store.getState().saving, 'the calls to end')
    await turn()
    await turn()
  }
  /** The screen: drawn, whole, and free of broken values. */
  const expectSoundScreen = () => {
    const text = host.textContent ?? ''
    expect(text).not.toMatch(BROKEN_TEXT)
    expect(renderFailures).toEqual([])
    expect(host.querySelector('.fc-card')).not.toBeNull()
  }
  return {
    store,
    host,
    next,
    events,
    notices,
    logged,
    idle,
    expectSoundScreen,
    hold: (on: boolean) => (holding = on),
    held,
  }
}

const uncaught: unknown[] = []
const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message)
const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason)
window.addEventListener('error', onError)
window.addEventListener('unhandledrejection', onRejection)
process.on('unhandledRejection', (reason) => uncaught.push(reason))

const manager = tuitionInput({ system: 2, language: 'en', dateOfPayment: '2027-01-05' })
const goodTable = (input: TuitionInput, numberOfFees = 12) => standInFeesTable({ ...input, numberOfFees }, { minFees: 12, maxFees: 24 })
/** A known-good answer whose fee no generated one has: the screen shows it when it arrives. */
const RECOVERY_FEE = 4321.09

describe('generated answers through the real store and view', () => {
  it(`CalculateFeeOptions: ${RUNS} answers`, async () => {
    const w = widget()
    w.next.CalculateFeeOptions = json(goodTable(manager))
    w.store.getState().setTuitionInput(manager)
    await w.idle()
    expect(w.store.getState().result).not.toBeNull()
    let refused = 0
    let k = 0
    await fc.assert(
      fc.asyncProperty(answers(feesTableLike(goodTable(manager))), async (answer) => {
        k++
        const before = w.store.getState().result
        const count = w.events.length
        const notices = w.notices.length
        w.next.CalculateFeeOptions = answer
        const current = w.store.getState().choice?.numberOfFees
        w.store.getState().chooseFeeCount(current === 13 ? 14 : 13)
        await w.idle()
        const outcome = expected(answer, parseFeesTable)
        const events = w.events.slice(count)
        expect(events).toHaveLength(1)
        if (outcome.ok) {
          expect(events[0]).toEqual({ name: 'calculationResultReceivedEvent', detail: outcome.value })
          expect(w.store.getState().result).toEqual(outcome.value)
        } else {
          refused++
          expect(events[0]?.name).toBe('invalidTuitionEvent')
          expect(events[0]?.detail).toMatchObject({ code: outcome.code })
          // The plan on screen stays.
          expect(w.store.getState().result).toBe(before)
          expect(w.notices.slice(notices)).toEqual(outcome.code === 'invalid_date' ? [{ kind: 'date_parse_failed' }] : [])
        }
        w.expectSoundScreen()
        if (k % 50 === 0) {
          // The next good answer is shown as usual.
          w.next.CalculateFeeOptions = json({ ...goodTable(manager, 15), feeAmount: RECOVERY_FEE })
          w.store.getState().chooseFeeCount(15)
          await w.idle()
          expect(w.host.textContent).toContain('4,321.09')
        }
      }),
      { numRuns: RUNS },
    )
    expect(refused).toBeGreaterThan(RUNS / 4)
    expect(uncaught).toEqual([])
  }, 600_000)

  it(`FrontCalculateFees (a save): ${RUNS} answers`, async () => {
    // An ERP system in embedded mode saves without locking, so one widget saves again and again.
    const erp = tuitionInput({ system: 3, language: 'es', dateOfPayment: '2027-01-05' })
    const w = widget()
    w.next.CalculateFeeOptions = json(goodTable(erp))
    w.store.getState().setTuitionInput(erp)
    await w.idle()
    const base: AmortizationTable = { versionHashCode: null, versionNumber: null, currency: 'EUR', fees: [], totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 } }
    let refused = 0
    await fc.assert(
      fc.asyncProperty(answers(amortizationLike(base)), async (answer) => {
        const before = w.store.getState().amortization
        const count = w.events.length
        w.next.FrontCalculateFees = answer
        await w.store.getState().save()
        await w.idle()
        const outcome = expected(answer, parseAmortizationTable)
        const events = w.events.slice(count)
        expect(events).toHaveLength(1)
        expect(events[0]?.name).toBe('feeOptionSelectedEvent')
        if (outcome.ok) {
          expect(events[0]?.detail).toEqual(outcome.value)
          expect(w.store.getState().amortization).toEqual(outcome.value)
        } else {
          refused++
          expect(events[0]?.detail).toMatchObject({ code: outcome.code })
          expect(w.store.getState().amortization).toBe(before)
          expect(w.store.getState().versionLocked).toBe(false)
        }
        w.expectSoundScreen()
      }),
      { numRuns: RUNS },
    )
    expect(refused).toBeGreaterThan(RUNS / 4)
    expect(uncaught).toEqual([])
  }, 600_000)

  it(`feestable (hash mode): ${RUNS} answers, reported on the console only`, async () => {
    const w = widget()
    const saved = { ...manager, token: undefined }
    w.next.Version = json(3)
    let refused = 0
    await fc.assert(
      fc.asyncProperty(answers(savedTableLike(goodTable(manager), saved)), async (answer) => {
        const count = w.events.length
        const logged = w.logged.length
        w.next.feestable = answer
        w.store.getState().loadByHash('h')
        await w.idle()
        const outcome = expected(answer, parseSavedFeesTable)
        if (outcome.ok) {
          expect(w.store.getState().result).toEqual(outcome.value.result)
          expect(w.events.slice(count).map((e) => e.name)).toEqual(['calculationResultReceivedEvent'])
        } else {
          refused++
          expect(w.store.getState().result).toBeNull()
          expect(w.events.slice(count)).toEqual([])
          expect(w.logged.slice(logged)).toEqual(['fees table load failed'])
        }
        w.expectSoundScreen()
      }),
      { numRuns: RUNS },
    )
    expect(refused).toBeGreaterThan(RUNS / 4)
    expect(uncaught).toEqual([])
  }, 600_000)

  it(`Version/Number: ${RUNS} answers, a refusal toasted`, async () => {
    const w = widget()
    w.next.feestable = json({ result: goodTable(manager), tuitionInput: { ...manager, token: undefined } })
    let refused = 0
    await fc.assert(
      fc.asyncProperty(answers(versionNumberLike), async (answer) => {
        const notices = w.notices.length
        w.next.Version = answer
        w.store.getState().loadByHash('h')
        const outcome = expected(answer, parseVersionNumber)
        if (outcome.ok) {
          await until(() => w.store.getState().versionNumber === outcome.value, 'the version number')
        } else {
          refused++
          await until(() => w.notices.length > notices, 'the toast')
          expect(w.notices.slice(notices)).toEqual([{ kind: 'version_number_failed' }])
          expect(w.store.getState().versionNumber).toBeNull()
        }
        await w.idle()
        w.expectSoundScreen()
      }),
      { numRuns: RUNS },
    )
    expect(refused).toBeGreaterThan(RUNS / 10)
    expect(uncaught).toEqual([])
  }, 600_000)

  it('answers arriving out of order: the screen shows the answer to the last choice', async () => {
    const w = widget()
    w.next.CalculateFeeOptions = json(goodTable(manager))
    w.store.getState().setTuitionInput(manager)
    await w.idle()
    await fc.assert(
      fc.asyncProperty(answers(feesTableLike(goodTable(manager))), answers(feesTableLike(goodTable(manager))), async (first, last) => {
        const before = w.store.getState().result
        w.hold(true)
        w.next.CalculateFeeOptions = first
        w.store.getState().chooseFeeCount(w.store.getState().choice?.numberOfFees === 13 ? 14 : 13)
        await until(() => w.held.length === 1, 'the first request')
        w.next.CalculateFeeOptions = last
        w.store.getState().chooseFeeCount(20)
        await until(() => w.held.length === 2, 'the second request')
        w.hold(false)
        // The last answer arrives first, then the superseded one.
        const [older, newer] = w.held.splice(0)
        newer?.resolve()
        await turn()
        older?.resolve()
        await w.idle()
        const outcome = expected(last, parseFeesTable)
        expect(w.store.getState().result).toEqual(outcome.ok ? outcome.value : before)
        w.expectSoundScreen()
      }),
      { numRuns: Math.max(50, Math.floor(RUNS / 20)) },
    )
    expect(uncaught).toEqual([])
  }, 600_000)
})
