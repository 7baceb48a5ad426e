import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { type RecordedRequest, type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import { testStore } from '../../test/support/test-store.ts'
import { httpChunk } from '../api/chunks.ts'
import type { TuitionPayload } from '../domain/types.ts'

/**
 * The first figures need neither ky nor its chunk: this file's module state
 * starts with no chunk loaded, as a page does.
 */
const input = tuitionInput({ token: 'tok-1', language: 'en' })
const REFUSED = { status: 422, title: 'Cannot finance', code: 'amount_not_financeable', detail: 'x' }

let refuse = false
let server: Awaited<ReturnType<typeof startRecordingServer>>

beforeAll(async () => {
  server = await startRecordingServer((request: RecordedRequest): Reply => {
    if (refuse) return { status: 422, body: REFUSED }
    return { body: standInFeesTable(JSON.parse(request.body ?? '{}') as TuitionPayload, { isModificable: true }) }
  })
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())

const setup = () => testStore(`${server.origin}/api/v1`)

describe('the first calculation', () => {
  it('draws its figures before the HTTP client has loaded; an error status reads the same either way', async () => {
    const first = setup()
    expect(httpChunk.loaded()).toBeUndefined()
    first.store.getState().setProperty('tuitionInput', input)
    await first.settled()
    // The answer was read by the response boundary alone, and the figures are the server's.
    expect(first.events.map((event) => event.name)).toEqual(['calculationResultReceivedEvent'])
    expect(first.store.getState().result).toEqual(standInFeesTable(input, { isModificable: true }))
    expect(httpChunk.loaded()).toBeUndefined()
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1')

    // A refusal before the client has loaded: the client reads it, as it reads every error status.
    refuse = true
    const early = setup()
    expect(httpChunk.loaded()).toBeUndefined()
    early.store.getState().setProperty('tuitionInput', { ...input, finalAmount: 9 })
    await early.settled()
    // The client came when the browser was idle after the first figures; a refusal now goes through it directly.
    await eventually(() => expect(httpChunk.loaded()).toBeDefined())
    const late = setup()
    late.store.getState().setProperty('tuitionInput', { ...input, finalAmount: 9 })
    await late.settled()

    const failures = [early, late].map(({ events }) => events)
    for (const failure of failures) {
      expect(failure).toEqual([
        {
          name: 'invalidTuitionEvent',
          detail: {
            code: 'request_failed',
            kind: 'http',
            status: 422,
            message: expect.stringMatching(/^Request failed with status code 422/),
            body: REFUSED,
          },
        },
      ])
    }
    expect(failures[0]).toEqual(failures[1])
  })
})
