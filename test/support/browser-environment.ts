/**
 * The browser project's Vitest environment: Node's, and at the end of a worker (after its last file, before Vitest
 * stops it with SIGTERM) it closes what was kept open for the worker's files, the engines of engine-pool.ts, each the
 * way it closes itself (a browser that is killed leaves its profile and its child processes behind).
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime'

// Vitest loads this module apart from the tests' modules: the two meet on the global object.
const AT_WORKER_END = Symbol.for('fees-calculator.at-worker-end')
type Closers = Set<() => Promise<void>>
const closers = (): Closers => ((globalThis as { [AT_WORKER_END]?: Closers })[AT_WORKER_END] ??= new Set())

/** Runs `close` when the worker ends (in the browser project; elsewhere the process's end is left to do it). */
export function atWorkerEnd(close: () => Promise<void>): void {
  closers().add(close)
}

const node = builtinEnvironments.node

export default {
  ...node,
  name: 'browser-engines',
  async setup(global, options) {
    const environment = await node.setup(global, options)
    return {
      async teardown(global) {
        const errors: unknown[] = []
        for (const close of closers()) await close().catch((error: unknown) => errors.push(error))
        closers().clear()
        await environment.teardown(global)
        if (errors.length) throw new AggregateError(errors, 'closing what the browser suites kept open')
      },
    }
  },
} satisfies Environment
