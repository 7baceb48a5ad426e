/**
 * The engines a worker keeps between the suites it runs. A suite of a few tests spent most of its time launching and
 * closing its engines (Firefox about 5 s of time and of CPU, WebKit with its display and driver 1 s, Chromium 0.75 s),
 * and the browser project's workers keep their modules from file to file (`isolate: false`): a suite borrows an idle
 * engine launched alike (drivers.ts' launchKey: Chromium with the same flags, Firefox and WebKit with the same
 * student's settings) and gives it back at its end. Nothing of a test stays in the engine: each page is a tab in a
 * browser context of its own (Chromium, Firefox), new or kept and cleared, or WebKit's one window cleared, with its
 * cookies (drivers.ts' KeptTab). The least recently used
 * beyond a few are closed, the rest when the worker ends (browser-environment.ts).
 */
import { atWorkerEnd } from './browser-environment.ts'
import { type Engine, type EngineName, type LaunchOptions, launchEngine, launchKey } from './drivers.ts'

/** The three engines, and one launched with a student's settings or with other flags. */
const KEPT = 4

interface Kept {
  readonly key: string
  readonly engine: Engine
  busy: boolean
  /** When it was last given back: the least recently used is closed first. */
  returned: number
}

const kept: Kept[] = []
let returns = 0

async function close(entry: Kept): Promise<void> {
  const at = kept.indexOf(entry)
  if (at === -1) return
  kept.splice(at, 1)
  await entry.engine.close()
}

atWorkerEnd(async () => {
  const errors: unknown[] = []
  while (kept.length) await close(kept[0]!).catch((error: unknown) => errors.push(error))
  if (errors.length) throw new AggregateError(errors, 'closing the engines a worker kept')
})

export interface Lease {
  readonly engine: Engine
  /** Gives the engine back for the next suite (every page it opened closed). */
  release(): Promise<void>
}

/** An idle engine launched as `name` with `options`, else a new one; the suite's own until it releases it. */
export async function borrowEngine(name: EngineName, options: LaunchOptions = {}): Promise<Lease> {
  const key = launchKey(name, options)
  let entry = kept.find((candidate) => candidate.key === key && !candidate.busy && candidate.engine.connected)
  if (!entry) {
    entry = { key, engine: await launchEngine(name, options), busy: true, returned: 0 }
    kept.push(entry)
  }
  const lent = entry
  lent.busy = true
  let released = false
  return {
    engine: lent.engine,
    async release() {
      if (released) return
      released = true
      lent.busy = false
      lent.returned = ++returns
      const idle = kept.filter((candidate) => !candidate.busy).sort((a, b) => a.returned - b.returned)
      for (const candidate of idle) if (!candidate.engine.connected || kept.length > KEPT) await close(candidate)
    },
  }
}
