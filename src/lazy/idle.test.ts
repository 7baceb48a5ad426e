import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './idle.ts'

/** A browser whose frames and idle moments the test hands out one by one. */
function browserClock() {
  const frames: FrameRequestCallback[] = []
  const idle: IdleRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
    frames[handle - 1] = () => {}
  })
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    idle[handle - 1] = () => {}
  })
  const drain = <T>(queue: T[], run: (task: T) => void) => {
    for (const task of queue.splice(0)) run(task)
  }
  return {
    frame: () => drain(frames, (callback) => callback(performance.now())),
    idleMoment: () => drain(idle, (callback) => callback({ didTimeout: false, timeRemaining: () => 50 })),
  }
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
