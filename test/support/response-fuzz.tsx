/**
 * The harness of the response fuzzing (src/store/responses-*.fuzz.test.tsx):
 * the real store and the real screen, with answers of every shape a backend
 * that is not ours may send. Answers travel as real `Response` objects through
 * the store's transport dependency (the one hosts may give), so the client, ky
 * and the boundary run as in a browser. The three files run in parallel, in
 * Vitest's `fuzz` project: with React's production build, as in a student's
 * browser (the development build captures a stack for every element it
 * creates, more than half of each answer's time).
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { beforeAll, describe, it } from 'vitest'
import { withoutToken } from '../../src/domain/payload.ts'
import type { FeesCalculatorEventName } from '../../src/events.ts'
import { type CalculatorStore, createCalculatorStore } from '../../src/store/calculator-store.ts'
import { CalculatorView } from '../../src/ui/CalculatorView.tsx'
import { CalculatorContext } from '../../src/ui/context.ts'
import { createI18n, createWidgetWords, LanguageProvider, loadWords } from '../../src/ui/i18n.ts'
import { type Answer, responseOf } from './answers.ts'
import { tuitionInput } from './fixtures.ts'
import { LAZY_RULES, settledState } from './lazy-rules.ts'
import { setPageUrl } from './page-url.ts'

/** Answers per call. */
export const RUNS = 10_000
/**
 * A bound for a hang, not a speed check: ten thousand answers take about a
 * minute of one core, and more than five minutes were seen with the load
 * average at 10 on two cores.
 */
export const FUZZ_TIMEOUT_MS = 1_800_000

const ROOT = 'https://api.university.example/api/v1'
export const payload = withoutToken(tuitionInput({ language: 'en' }))

// ---- the widget under test ----

export interface Harness {
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

/** Lets the pending promise callbacks, and React's render of the last store change, run. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The real store, client and screen, in a host of its own, answered by the harness's backend. */
export function mount(): Harness {
  const host = document.createElement('div')
  document.body.append(host)
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
      const busy = () => !settledState(widget.store.getState())
      // The first call waits for the API client's chunk to be transformed and loaded: allow for it.
      for (const deadline = Date.now() + 30_000; busy() && Date.now() < deadline; ) await turn()
      await turn()
    },
  }
  widget.store = createCalculatorStore(
    {
      ...LAZY_RULES,
      emit: (name, detail) => events.push({ name, detail }),
      notify: (notice) => notices.push(notice.kind),
      log: () => {},
      hostname: 'portal.university.example',
      // The answers are what is fuzzed, not the wait before a retry of a transient one.
      retryDelay: () => 0,
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init)
        const answer = await widget.respond(request)
        if (request.signal.aborted) throw new DOMException('aborted', 'AbortError')
        return responseOf(answer)
      },
    },
    { apiBase: ROOT },
  )
  const i18n = createI18n('en')
  const root = createRoot(host)
  flushSync(() =>
    root.render(
      <LanguageProvider i18n={i18n}>
        <CalculatorContext.Provider
          value={{
            store: widget.store,
            shadowRoot: null,
            reportChunkFailure: () => {},
            language: 'en',
            words: createWidgetWords(),
          }}
        >
          <CalculatorView showHeader showFooter />
        </CalculatorContext.Provider>
      </LanguageProvider>,
    ),
  )
  return widget
}

export { REFUSAL_CODES, SCREEN_NONSENSE } from './answers.ts'

/** The page the widget is embedded in, and React outside act(): answers arrive as they would in a browser. */
export function fuzzPage(): void {
  setPageUrl('https://portal.university.example/matricula')
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
}

/** The file's fuzzing tests, on the page the widget is embedded in. */
export function describeFuzzing(tests: () => void): void {
  describe(`response fuzzing (${RUNS} answers per call)`, () => {
    beforeAll(async () => {
      fuzzPage()
      // The payload speaks English: its words are a chunk of their own.
      await loadWords('en')
    })
    tests()
  })
}

/** One fuzzing property on a widget of its own; minutes are allowed. */
export function property(name: string, test: (widget: Harness) => Promise<void>): void {
  it(name, () => test(mount()), FUZZ_TIMEOUT_MS)
}
