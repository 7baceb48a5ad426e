/** A browser's scheduled callbacks (frames, idle moments) held until the unit test under happy-dom hands them out. */
import { vi } from 'vitest'

/**
 * Callbacks held until the test runs them: `request` and `cancel` stand in for a browser's pair (each handle its
 * own), `run` calls those asked for so far, not those they ask for in turn.
 */
export function queuedCallbacks<A extends unknown[]>() {
  let last = 0
  const pending = new Map<number, (...args: A) => void>()
  return {
    request: (callback: (...args: A) => void): number => {
      last += 1
      pending.set(last, callback)
      return last
    },
    cancel: (handle: number): void => {
      pending.delete(handle)
    },
    run: (...args: A): void => {
      const due = [...pending.values()]
      pending.clear()
      for (const callback of due) callback(...args)
    },
  }
}

/** A page whose frames come only when the test says: requestAnimationFrame stubbed; `frame()` draws one. */
export function queuedFrames(): { frame(): void } {
  const frames = queuedCallbacks<[number]>()
  vi.stubGlobal('requestAnimationFrame', frames.request)
  vi.stubGlobal('cancelAnimationFrame', frames.cancel)
  return { frame: () => frames.run(performance.now()) }
}
