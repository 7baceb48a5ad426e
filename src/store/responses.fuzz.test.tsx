/**
 * Response fuzzing: generated answers of every shape a backend that is not
 * ours may send — each field missing, null or of the wrong type, dates in every
 * accepted and many broken forms, huge, negative and fractional numbers, extra
 * fields, bodies that are not JSON, statuses 200/204/3xx/4xx/5xx, answers that
 * arrive after a newer one — go through the real store and the real screen.
 * Answers travel as real `Response` objects through the store's transport
 * dependency (the one hosts may give), so the client, ky and the boundary run
 * as in a browser. After each: no uncaught error, no "NaN", "Invalid Date" or
 * "undefined" on screen, a refusal told through its channel with its code, the
 * plan on screen kept, and the next good answer shown.
 */
import fc from 'fast-check'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answers, responseOf, type Answer } from '../../test/support/answers.ts'
import { standInAmortization, standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { withoutToken } from '../domain/payload.ts'
import type { TuitionPayload } from '../domain/types.ts'
import type { FeesCalculatorEventName } from '../events.ts'
import { CalculatorView } from '../ui/CalculatorView.tsx'
import { CalculatorContext } from '../ui/context.ts'
import { createI18nByLanguage, LanguageProvider } from '../ui/i18n.ts'
import { createCalculatorStore, type CalculatorStore } from './calculator-store.ts'

/** Answers per call. */
const RUNS = 10_000
/** A run of thousands of answers takes seconds, more on a loaded machine. */
const FUZZ_TIMEOUT_MS = 600_000

const ROOT = 'https://api.university.example/api/v1'
const payload = withoutToken(tuitionInput({ language: 'en' }))

// ---- the widget under test ----

interface Harness {
  store: CalculatorStore
  events: { name: FeesCalculatorEventName; detail: unknown }[]
  notices: string[]
  text(): string
  /** How the backend answers a request; the next answer of `queue` unless a test says otherwise. */
  respond: (request: Request) => Promise<Answer> | Answer
  /** The next answers, in the order requests arrive. */
  queue: Answer[]
  settled(): Promise<void>
}

let host: HTMLElement

/** Lets the pending promise callbacks, and React's render of the last store change, run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

function mount(): Harness {
  const events: Harness['events'] = []
  const notices: string[] = []
  const queue: Answer[] = []
  const widget: Harness = {
    store: undefined as unknown as CalculatorStore,
    events,
    notices,
    queue,
    respond: () => queue.shift() ?? { status: 503, text: null, contentType: 'text/plain' },
    text: () => host.textContent ?? '',
    settled: async () => {
      const busy = () => {
        const s = widget.store.getState()
        return s.calculating || s.saving || s.schedulePreview === 'loading'
      }
      // The first call waits for the API client's chunk to be transformed and loaded: allow for it.
      for (const deadline = Date.now() + 30_000; busy() && Date.now() < deadline; ) await turn()
      await turn()
    },
  }
  widget.store = createCalculatorStore(
    {
      emit: (name, detail) => events.push({ name, detail }),
      notify: (notice) => notices.push(notice.kind),
      log: () => {},
      hostname: 'portal.university.example',
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init)
        const answer = await widget.respond(request)
        if (request.signal.aborted) throw new DOMException('aborted', 'AbortError')
        return responseOf(answer)
      },
    },
    { apiBase: ROOT },
  )
  const i18n = createI18nByLanguage().en
  const root = createRoot(host)
  flushSync(() =>
    root.render(
      <LanguageProvider i18n={i18n}>
        <CalculatorContext.Provider
          value={{
            store: widget.store,
            shadowRoot: null,
            reportChunkFailure: () => {},
            scheduleTakesFocus: { current: false },
          }}
        >
          <CalculatorView showHeader showFooter />
        </CalculatorContext.Provider>
      </LanguageProvider>,
    ),
  )
  return widget
}

const SCREEN_NONSENSE = /NaN|Invalid Date|undefined|Infinity/

const REFUSAL_CODES = ['invalid_response', 'invalid_date', 'request_failed']

beforeAll(() => {
  setPageUrl('https://portal.university.example/matricula')
  host = document.createElement('div')
  document.body.append(host)
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
})
afterAll(() => host.remove())

describe(`response fuzzing (${RUNS} answers per call)`, () => {
  it(
    'CalculateFeeOptions: a good answer is shown, anything else is a failed calculation and the plan stays',
    async () => {
      const widget = mount()
      const good = (body: TuitionPayload) =>
        standInFeesTable(body, { tin: 0.0595, tae: 0.0612, interests: 10, finalFee: 6010 })
      widget.queue.push({ status: 200, text: JSON.stringify(good(payload)), contentType: 'application/json' })
      widget.store.getState().setTuitionInput(tuitionInput({ language: 'en' }))
      await widget.settled()
      expect(widget.store.getState().result).not.toBeNull()

      await fc.assert(
        fc.asyncProperty(answers(good({ ...payload, numberOfFees: 14 }), ['firstPaymentDate']), async (answer) => {
          const before = widget.store.getState().result
          const eventsBefore = widget.events.length
          widget.queue.push(answer)
          // Another count than the one on screen, so that every answer is asked for.
          widget.store.getState().chooseFeeCount(widget.store.getState().choice?.numberOfFees === 13 ? 14 : 13)
          await widget.settled()
          const sent = widget.events.slice(eventsBefore)
          expect(sent).toHaveLength(1)
          const [event] = sent
          if (event?.name === 'calculationResultReceivedEvent') {
            expect(widget.store.getState().result).toBe(event.detail)
          } else {
            expect(event?.name).toBe('invalidTuitionEvent')
            expect(REFUSAL_CODES).toContain((event!.detail as { code: string }).code)
            expect(widget.store.getState().result).toBe(before)
          }
          expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
        }),
        { numRuns: RUNS },
      )
      // Recovery: the next good answer is shown.
      widget.queue.push({
        status: 200,
        text: JSON.stringify(good({ ...payload, numberOfFees: 18 })),
        contentType: 'application/json',
      })
      widget.store.getState().chooseFeeCount(18)
      await widget.settled()
      expect(widget.store.getState().result?.totalFees).toBe(18)
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'CalculateFeeOptions, out of order: a late answer never replaces the newer one',
    async () => {
      const widget = mount()
      const good = (n: number) => standInFeesTable({ ...payload, numberOfFees: n })
      widget.queue.push({ status: 200, text: JSON.stringify(good(12)), contentType: 'application/json' })
      widget.store.getState().setTuitionInput(tuitionInput({ language: 'en' }))
      await widget.settled()
      await fc.assert(
        fc.asyncProperty(
          answers(good(13), ['firstPaymentDate']),
          fc.integer({ min: 15, max: 24 }),
          async (stale, n) => {
            // The answer to 13 fees arrives only after the answer to the newer choice has been read.
            let newerRead: () => void = () => {}
            const newer = new Promise<void>((resolve) => (newerRead = resolve))
            widget.respond = async (request) => {
              const body = (await request.clone().json()) as TuitionPayload
              if (body.numberOfFees === 13) {
                await newer
                return stale
              }
              setTimeout(newerRead, 0)
              return {
                status: 200,
                text: JSON.stringify(good(body.numberOfFees ?? 12)),
                contentType: 'application/json',
              }
            }
            widget.store.getState().chooseFeeCount(13)
            await turn()
            widget.store.getState().chooseFeeCount(n)
            await widget.settled()
            await newer
            await turn()
            expect(widget.store.getState().result?.totalFees).toBe(n)
            expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
          },
        ),
        { numRuns: RUNS / 10 },
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'FrontCalculateFees (save): a good answer locks the plan, anything else is a failed save and nothing locks',
    async () => {
      const widget = mount()
      const table = (n: number) => ({
        status: 200,
        text: JSON.stringify(standInFeesTable({ ...payload, numberOfFees: n })),
        contentType: 'application/json',
      })
      widget.queue.push(table(12))
      widget.store.getState().setTuitionInput(tuitionInput({ language: 'en' }))
      await widget.settled()
      const saved = standInAmortization(payload, 'h-1')
      let plans = 0
      await fc.assert(
        fc.asyncProperty(answers(saved, ['currency']), async (answer) => {
          // A new plan on screen, then its save. A saved plan is locked: only a new input from the host starts another.
          const n = widget.store.getState().choice?.numberOfFees === 12 ? 13 : 12
          widget.queue.length = 0
          widget.queue.push(table(n), answer)
          if (widget.store.getState().versionLocked) {
            plans += 1
            widget.store
              .getState()
              .setTuitionInput(tuitionInput({ language: 'en', numberOfFees: n, contractId: `C-${plans}` }))
          } else widget.store.getState().chooseFeeCount(n)
          await widget.settled()
          expect(widget.store.getState().result?.totalFees).toBe(n)
          const eventsBefore = widget.events.length
          await widget.store.getState().save()
          await widget.settled()
          const sent = widget.events.slice(eventsBefore)
          expect(sent).toHaveLength(1)
          const detail = sent[0]?.detail as { code?: string; fees?: unknown[] }
          if ('fees' in detail) {
            expect(widget.store.getState().versionLocked).toBe(true)
            expect(widget.store.getState().amortization).toBe(detail)
          } else {
            expect(REFUSAL_CODES).toContain(detail.code)
            expect(widget.store.getState().versionLocked).toBe(false)
          }
          expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
        }),
        { numRuns: RUNS },
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'feestable and Version/Number (hash mode): a good answer is shown, anything else leaves the screen empty and sends no event',
    async () => {
      const widget = mount()
      const result = standInFeesTable(payload, { isModificable: false })
      const savedTable = { result, tuitionInput: payload }
      await fc.assert(
        fc.asyncProperty(answers(savedTable, ['tuitionInput']), answers(3, []), async (table, version) => {
          widget.queue.length = 0
          widget.queue.push(table, version)
          widget.store.getState().loadByHash('h-1')
          await widget.settled()
          await widget.settled()
          const state = widget.store.getState()
          if (state.result) {
            expect(state.result.totalFees).toBe(result.totalFees)
            expect(
              state.versionNumber === null || (Number.isInteger(state.versionNumber) && state.versionNumber >= 1),
            ).toBe(true)
          }
          expect(widget.events.filter((e) => e.name !== 'calculationResultReceivedEvent')).toEqual([])
          expect(widget.text()).not.toMatch(SCREEN_NONSENSE)
        }),
        { numRuns: RUNS },
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
