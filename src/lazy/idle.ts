/** Preloading waits for an idle moment, but no longer than this. */
const IDLE_DEADLINE_MS = 3_000
/** Where requestIdleCallback is missing (Safari), preload after this delay instead. */
const IDLE_FALLBACK_DELAY_MS = 1_500

/** Runs `task` when the browser is idle; returns a function that cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_DEADLINE_MS })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, IDLE_FALLBACK_DELAY_MS)
  return () => clearTimeout(timer)
}
