/**
 * The time limit of a call, against a real HTTP server on loopback that answers 503 after 25 s: the tries and
 * the waits between them end within 35 s of the call leaving. The clock is Vitest's, faked for the client and the
 * server alike (both run their timers in this process), so the half-minute passes in a moment; the requests,
 * answers and connections are real.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { standInFeesTable } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { httpChunk } from './chunks.ts'
import { createApi } from './client.ts'
import { toApiError } from './errors.ts'
import { CALL_DEADLINE_MS } from './request.ts'

const body: TuitionPayload = { dateOfPayment: '2027-01-05', system: 1, financialType: 0, finalAmount: 6000 }
const UNAVAILABLE_AFTER_25_S: Reply = {
  status: 503,
  delay: 25_000,
  body: { type: 'tag:x:database_unavailable', title: 'x', status: 503, code: 'database_unavailable', detail: 'x' },
}

let server: Awaited<ReturnType<typeof startRecordingServer>>
let reply: () => Reply = () => UNAVAILABLE_AFTER_25_S

beforeAll(async () => {
  // ky's module, compiled once now: its first load in a test takes real seconds, which the faked clock would count.
  // The chunk itself is not marked loaded, so the first call still leaves before it.
  await import('./ky.ts')
  server = await startRecordingServer(() => reply())
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())
afterEach(() => {
  vi.useRealTimers()
  server.requests.length = 0
  reply = () => UNAVAILABLE_AFTER_25_S
})

/**
 * Runs a calculation on the faked clock, letting real I/O happen between its steps, until it settles: what it
 * came to, and how long after it left (by the faked clock).
 */
async function timedCalculation() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const api = createApi(() => ({ root: `${server.origin}/api/v1`, auth: { bearer: 'tok' } }))
  const left = Date.now()
  let endedAfter: number | null = null
  const outcome = api
    .calculateFeeOptions(body, false)
    .then(() => ({ kind: 'answered' }), toApiError)
    .finally(() => {
      endedAfter = Date.now() - left
    })
  // A bound for a hang: three times the deadline of faked time.
  while (endedAfter === null && Date.now() - left < 3 * CALL_DEADLINE_MS) {
    await vi.advanceTimersByTimeAsync(50)
    // The server's answer, the connection's events and a chunk's load are real I/O: give them their turn.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve))
  }
  return { outcome: await outcome, endedAfter: endedAfter as number | null }
}

describe('a call to a server that answers 503 after 25 s', () => {
  it('ends within 35 s with a time-out, sent before ky arrived and tried again by it', async () => {
    expect(httpChunk.loaded()).toBeUndefined()
    const { outcome, endedAfter } = await timedCalculation()
    expect(outcome).toMatchObject({ kind: 'timeout' })
    expect(endedAfter).toBeGreaterThanOrEqual(CALL_DEADLINE_MS)
    expect(endedAfter).toBeLessThanOrEqual(CALL_DEADLINE_MS + 100)
    // The first 503 came after 25 s; the one try there was time for was cut at 35 s.
    expect(server.requests).toHaveLength(2)
    expect(httpChunk.loaded()).toBeDefined()
  })

  it('ends within 35 s when ky sends every try', async () => {
    await httpChunk.load()
    const { outcome, endedAfter } = await timedCalculation()
    expect(outcome).toMatchObject({ kind: 'timeout' })
    expect(endedAfter).toBeLessThanOrEqual(CALL_DEADLINE_MS + 100)
    expect(server.requests).toHaveLength(2)
  })

  it('is answered when the second try answers in time', async () => {
    let calls = 0
    reply = () => (++calls === 1 ? UNAVAILABLE_AFTER_25_S : { delay: 5_000, body: standInFeesTable(body) })
    const { outcome, endedAfter } = await timedCalculation()
    expect(outcome).toEqual({ kind: 'answered' })
    expect(endedAfter).toBeGreaterThan(30_000)
    expect(endedAfter).toBeLessThan(CALL_DEADLINE_MS)
  })
})
