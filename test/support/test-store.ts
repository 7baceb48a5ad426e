import { expect } from 'vitest'
import type { FeesCalculatorEventName } from '../../src/events.ts'
import { createCalculatorStore } from '../../src/store/calculator-store.ts'
import type { CalculatorDeps, Notice } from '../../src/store/state.ts'
import { eventually } from './eventually.ts'
import { LAZY_RULES, settledState } from './lazy-rules.ts'

/**
 * A widget's store with no element around it, asking the API at `apiBase` (a test's recording server): what it tells
 * the host, the student and the console is recorded, and `settled()` waits until nothing is on its way. `deps` changes
 * what a test needs changed (the wait before a retry, its own fetch, the page's host name).
 */
export function testStore(apiBase: string, deps: Partial<CalculatorDeps> = {}) {
  const events: { name: FeesCalculatorEventName; detail: unknown }[] = []
  const notices: Notice[] = []
  const logged: string[] = []
  const store = createCalculatorStore(
    {
      ...LAZY_RULES,
      emit: (name, detail) => events.push({ name, detail }),
      notify: (notice) => notices.push(notice),
      log: (message) => logged.push(message),
      hostname: '127.0.0.1',
      ...deps,
    },
    { apiBase },
  )
  const settled = () => eventually(() => expect(settledState(store.getState())).toBe(true))
  return { store, events, notices, logged, settled }
}
