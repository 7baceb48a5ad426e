import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostInput, nearValidTuition, validTuition } from '../../../test/support/arbitraries.ts'
import { API_KEY, bearer, financing, startTestServer, type TestServer } from '../support/api-server.ts'

/** Issue: at least 10 000 generated bodies sent to the API. */
const RUNS = 10_000
/** Requests in flight at once: enough to interleave, bounded for a 2-core machine. */
const CONCURRENCY = 8

const ENDPOINTS = [
  'Calculator/CalculateFeeOptions',
  'Calculator/CalculateFeeOptionsAnonymous',
  'Calculator/FrontCalculateFees',
  'Calculator/FrontCalculateFeesAnonymous',
] as const

/** A request body: a generated tuition input as JSON, or bytes that are not JSON at all. */
const body = fc.oneof(
  { weight: 2, arbitrary: validTuition.map((value) => JSON.stringify(value)) },
  { weight: 8, arbitrary: nearValidTuition.map((value) => JSON.stringify(value)) },
  { weight: 3, arbitrary: hostInput.map((value) => JSON.stringify(value) ?? 'undefined') },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '{"dateOfPayment": "2027-01-05",}', '\u0000'),
  },
)
const request = fc.record({
  endpoint: fc.constantFrom(...ENDPOINTS),
  body,
  contentType: fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
    { weight: 1, arbitrary: fc.constantFrom('text/plain', '') },
  ),
})

describe('the reference API fed generated bodies', () => {
  let server: TestServer
  let auth: string
  const saved: { hash: string; body: unknown }[] = []

  /** Made before any connection is open: on a loaded machine making them takes seconds. */
  const samples = fc.sample(request, { numRuns: RUNS, seed: 20261122 })

  beforeAll(async () => {
    server = await startTestServer()
    auth = await bearer(3600)
    for (const numberOfFees of [12, 18, 24]) {
      const answer = await fetch(`${server.api}/Calculator/FrontCalculateFees`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: auth },
        body: JSON.stringify(financing({ numberOfFees, contractId: 'C-FUZZ-KEEP', isSavedVersion: true })),
      })
      const { versionHashCode } = (await answer.json()) as { versionHashCode: string }
      const stored = await fetch(`${server.api}/Calculator/feestable/${versionHashCode}`, {
        headers: { 'X-Api-Key': API_KEY },
      })
      saved.push({ hash: versionHashCode, body: await stored.json() })
    }
  })
  afterAll(() => server?.remove())

  it(`answers every one of ${RUNS} bodies with a 2xx or a 4xx problem+json, never a 5xx, and leaves stored versions as they were`, async () => {
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let next = 0
    const worker = async () => {
      while (next < samples.length) {
        const sample = samples[next++]!
        const headers: Record<string, string> = { Authorization: auth }
        if (sample.contentType) headers['Content-Type'] = sample.contentType
        const response = await fetch(`${server.api}/${sample.endpoint}`, { method: 'POST', headers, body: sample.body })
        const text = await response.text()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (response.status >= 500) failures.push(`${response.status} ${sample.endpoint} ${sample.body.slice(0, 200)}`)
        else if (response.status >= 400) {
          const problem = JSON.parse(text) as { status: number; code: string }
          if (
            !response.headers.get('content-type')?.startsWith('application/problem+json') ||
            problem.status !== response.status ||
            !problem.code
          ) {
            failures.push(`not a problem: ${response.status} ${text.slice(0, 200)}`)
          }
        } else if (response.status !== 200) failures.push(`unexpected ${response.status}`)
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))

    expect(failures.slice(0, 10)).toEqual([])
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(RUNS)
    // The generator reaches both sides: refused bodies and accepted ones.
    for (const status of [200, 400, 403, 422])
      expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(RUNS / 100)

    for (const { hash, body: before } of saved) {
      const after = await fetch(`${server.api}/Calculator/feestable/${hash}`, { headers: { 'X-Api-Key': API_KEY } })
      expect(await after.json()).toEqual(before)
    }
    const health = await fetch(`${server.api}/health`)
    expect(health.status).toBe(200)
  }, 240_000)
})
