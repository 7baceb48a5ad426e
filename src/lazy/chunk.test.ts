import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_LOAD_FAILED, CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, defineChunk } from './chunk.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('defineChunk', () => {
  it('loads a chunk once and shares it', async () => {
    const importer = vi.fn(async () => ({ value: 1 }))
    const chunk = defineChunk('x', importer)
    expect(chunk.loaded()).toBeUndefined()
    const [a, b] = await Promise.all([chunk.load(), chunk.load()])
    expect(a).toBe(b)
    expect(chunk.loaded()).toBe(a)
    await chunk.load()
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it('reports a chunk that does not load as "Loading chunk failed", and retries on the next request', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ ok: true })
    const chunk = defineChunk('calendar', importer)
    const error = await chunk.load().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect((error as Error).message).toBe(`${CHUNK_LOAD_FAILED}: calendar`)
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError)
    await expect(chunk.load()).resolves.toEqual({ ok: true })
  })

  it('gives up on a chunk after the time-out of 120 s', async () => {
    vi.useFakeTimers()
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000)
    const chunk = defineChunk('slow', () => new Promise<never>(() => {}))
    const outcome = chunk.load().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1)
    let settled = false
    void outcome.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBeInstanceOf(ChunkLoadError)
  })
  it('loads the chunk that vouches for another first; when that one cannot load, neither runs, and both are tried again', async () => {
    const order: string[] = []
    const voucherImporter = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => {
        order.push('save-bar')
        return { bar: true }
      })
    const voucher = defineChunk('save-bar', voucherImporter)
    const importer = vi.fn(async () => {
      order.push('calendar')
      return { calendar: true }
    })
    const chunk = defineChunk('calendar', importer, voucher.name)
    const error = await chunk.load().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChunkLoadError)
    expect((error as Error).message).toBe(`${CHUNK_LOAD_FAILED}: save-bar`)
    expect(importer).not.toHaveBeenCalled()
    await expect(chunk.load()).resolves.toEqual({ calendar: true })
    expect(order).toEqual(['save-bar', 'calendar'])
    expect(voucher.loaded()).toEqual({ bar: true })
  })

  describe("when the student leaves the page as it loads (Safari stops the page's loads, then may keep the page)", () => {
    /** What Safari tells the page as the student follows a link, and as the Back button shows it again. */
    const leave = () => dispatchEvent(new Event('beforeunload'))
    const comeBack = () => dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))
    afterEach(comeBack)

    function stoppedOnce() {
      let stop: (error: Error) => void = () => {}
      const importer = vi
        .fn()
        .mockImplementationOnce(() => new Promise((_, reject) => (stop = reject)))
        .mockResolvedValueOnce({ ok: true })
      return { importer, stop: () => stop(new TypeError('Importing a module script failed.')) }
    }

    it('does not report the stopped load, and loads the chunk again once the page is back', async () => {
      const { importer, stop } = stoppedOnce()
      const chunk = defineChunk('schedule', importer)
      let outcome: unknown = 'pending'
      void chunk.load().then(
        (value) => (outcome = value),
        (error: unknown) => (outcome = error),
      )
      await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1))
      leave()
      stop()
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(outcome).toBe('pending')
      comeBack()
      await vi.waitFor(() => expect(outcome).toEqual({ ok: true }))
      expect(importer).toHaveBeenCalledTimes(2)
    })

    it('loads it again after 3 s when the page stays (the navigation did not happen)', async () => {
      vi.useFakeTimers()
      const { importer, stop } = stoppedOnce()
      const chunk = defineChunk('toaster', importer)
      const outcome = chunk.load()
      await vi.advanceTimersByTimeAsync(0)
      expect(importer).toHaveBeenCalledTimes(1)
      leave()
      stop()
      await vi.advanceTimersByTimeAsync(2_999)
      expect(importer).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(outcome).resolves.toEqual({ ok: true })
      expect(importer).toHaveBeenCalledTimes(2)
    })

    it('counts the 3 s from the last time the student started to leave', async () => {
      vi.useFakeTimers()
      leave()
      await vi.advanceTimersByTimeAsync(1_000)
      comeBack()
      await vi.advanceTimersByTimeAsync(1_000)
      leave()
      const { importer, stop } = stoppedOnce()
      const chunk = defineChunk('dates', importer)
      const outcome = chunk.load()
      await vi.advanceTimersByTimeAsync(1_500)
      expect(importer).toHaveBeenCalledTimes(1)
      // 3.5 s after the first leave, 1.5 s after the second: still leaving, so not reported.
      stop()
      await vi.advanceTimersByTimeAsync(1_499)
      expect(importer).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      await expect(outcome).resolves.toEqual({ ok: true })
      expect(importer).toHaveBeenCalledTimes(2)
    })

    it('still reports a chunk that fails once the student has stayed', async () => {
      vi.useFakeTimers()
      const importer = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
      const chunk = defineChunk('calendar', importer)
      leave()
      await vi.advanceTimersByTimeAsync(3_000)
      await expect(chunk.load()).rejects.toBeInstanceOf(ChunkLoadError)
    })
  })
})
