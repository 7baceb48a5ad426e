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
})
