import { afterEach, describe, expect, it, vi } from 'vitest'
import { queuedCallbacks, queuedFrames } from '../../test/support/queued-callbacks.ts'
import { whenIdle } from './idle.ts'

/** A browser whose frames and idle moments the test hands out one by one. */
function browserClock() {
  const { frame } = queuedFrames()
  const idle = queuedCallbacks<[IdleDeadline]>()
  vi.stubGlobal('requestIdleCallback', idle.request)
  vi.stubGlobal('cancelIdleCallback', idle.cancel)
  return { frame, idleMoment: () => idle.run({ didTimeout: false, timeRemaining: () => 50 }) }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  it('waits for the next frame: an idle moment before it (figures not yet drawn) does not run the preload', () => {
    const browser = browserClock()
    const preload = vi.fn()
    whenIdle(preload)
    browser.idleMoment()
    expect(preload).not.toHaveBeenCalled()
    browser.frame()
    expect(preload).not.toHaveBeenCalled()
    browser.idleMoment()
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('runs nothing once cancelled, before the frame or after it', () => {
    const browser = browserClock()
    const early = vi.fn()
    const late = vi.fn()
    whenIdle(early)()
    const cancelLate = whenIdle(late)
    browser.frame()
    cancelLate()
    browser.idleMoment()
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })

  it('falls back to a delay after the frame where there is no requestIdleCallback (Safari)', () => {
    const browser = browserClock()
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const preload = vi.fn()
    whenIdle(preload)
    vi.advanceTimersByTime(10_000)
    expect(preload).not.toHaveBeenCalled()
    browser.frame()
    vi.advanceTimersByTime(1_499)
    expect(preload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(preload).toHaveBeenCalledTimes(1)
  })
})
