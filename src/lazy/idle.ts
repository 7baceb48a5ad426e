/** Preloading waits for an idle moment, but no longer than this. */
const IDLE_DEADLINE_MS = 3_000
/** Where requestIdleCallback is missing (Safari), preload after this delay instead. */
const IDLE_FALLBACK_DELAY_MS = 1_500

/**
 * Runs `task` when the browser is idle after its next frame; returns a function that cancels it. Waiting for the
 * frame first keeps a preload behind what the frame draws: an idle moment can come between a store update and
 * the frame that shows it, and a script fetched there would compete with the first figures.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(task, { timeout: IDLE_DEADLINE_MS })
      cancelIdle = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(task, IDLE_FALLBACK_DELAY_MS)
      cancelIdle = () => clearTimeout(timer)
    }
  })
  return () => {
    cancelAnimationFrame(frame)
    cancelIdle?.()
  }
}

/**
 * Runs `task` once the browser has painted its next frame (at once where there are none: Node): what it fetches
 * comes after what that frame draws, without waiting for an idle moment.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(task, 0))
  else task()
}
