/**
 * What the store does when a call fails: what the card is told (by kind), what is tried again and how often,
 * a token refresh or a return online that sends the failed calculation again, an amount the API refuses, and a
 * save whose answer is lost, sent again with the same Idempotency-Key. Against a real HTTP server on loopback.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { type RecordedRequest, type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import { testStore } from '../../test/support/test-store.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { selectCanSave } from './calculator-store.ts'

const input = tuitionInput({ token: 'tok-1', language: 'en', financialType: 1, amountToRefinance: 6000 })

let server: Awaited<ReturnType<typeof startRecordingServer>>
/** Answers in turn; the good answer once they run out. */
let script: Reply[] = []

const good = (request: RecordedRequest): Reply => {
  const body = JSON.parse(request.body || '{}') as TuitionPayload
  if (request.url.includes('FrontCalculateFees')) {
    return {
      body: {
        versionHashCode: body.isSavedVersion ? 'hash-new' : null,
        versionNumber: body.isSavedVersion ? 1 : null,
        currency: 'EUR',
        fees: [],
        totals: { amountToFinance: 0, interests: 0, finalFee: 0 },
      },
    }
  }
  return { body: standInFeesTable(body) }
}

beforeAll(async () => {
  server = await startRecordingServer((request) => script.shift() ?? good(request))
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  script = []
})

/** A store whose retries wait `retryDelay` ms (Retry-After still counts). */
const setup = ({ retryDelay = 0 }: { retryDelay?: number } = {}) =>
  testStore(`${server.origin}/api/v1`, { retryDelay: () => retryDelay })

/** A store with the input's plan calculated and on screen. */
async function planOnScreen() {
  const widget = setup()
  widget.store.getState().setProperty('tuitionInput', input)
  await widget.settled()
  return widget
}

const problem = (status: number, code: string) => ({
  status,
  body: { type: `tag:x:${code}`, title: code, status, code, detail: `refused: ${code}` },
})

describe('a failed first calculation (embedded mode)', () => {
  it('says the session expired on a 401, is not retried, and is sent again with the token the host refreshes', async () => {
    const { store, events, settled } = setup()
    script = [problem(401, 'token_expired')]
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(server.requests).toHaveLength(1)
    expect(store.getState()).toMatchObject({ result: null, failure: { kind: 'session', status: 401 } })
    expect(events.map((event) => event.name)).toEqual(['invalidTuitionEvent'])

    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-2' })
    await settled()
    expect(server.requests).toHaveLength(2)
    expect(server.requests[1]?.headers.authorization).toBe('Bearer tok-2')
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 12 } })
    // With a plan on screen, a token-only refresh sends nothing.
    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-3' })
    await settled()
    expect(server.requests).toHaveLength(2)
  })

  it('waits the Retry-After of a 503 and tries again, so the student sees the figures and the host no failure', async () => {
    const { store, events, settled } = setup({ retryDelay: 5_000 })
    script = [{ ...problem(503, 'database_unavailable'), headers: { 'Retry-After': '1' } }]
    const started = Date.now()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
    expect(server.requests).toHaveLength(2)
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 12 } })
    expect(events.map((event) => event.name)).toEqual(['calculationResultReceivedEvent'])
  })

  it('tries a 503 twice more, then says the service is unavailable; Try again sends it once more', async () => {
    const { store, events, settled } = setup()
    script = [problem(503, 'x'), problem(502, 'x'), problem(504, 'x')]
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(server.requests).toHaveLength(3)
    expect(store.getState().failure).toEqual({ kind: 'unavailable', status: 504, code: 'x' })
    expect(events.map((event) => event.name)).toEqual(['invalidTuitionEvent'])
    store.getState().retry()
    await settled()
    expect(server.requests).toHaveLength(4)
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 12 } })
  })

  it('does not retry another 4xx, nor an answer it cannot read', async () => {
    const first = setup()
    script = [problem(404, 'not_found')]
    first.store.getState().setProperty('tuitionInput', input)
    await first.settled()
    expect(server.requests).toHaveLength(1)
    expect(first.store.getState().failure).toEqual({ kind: 'refused', status: 404, code: 'not_found' })

    server.requests.length = 0
    const second = setup()
    script = [{ status: 200, raw: '<html>Sign in</html>', contentType: 'text/html' }]
    second.store.getState().setProperty('tuitionInput', input)
    await second.settled()
    expect(server.requests).toHaveLength(1)
    expect(second.store.getState().failure).toEqual({ kind: 'unreadable', status: 200, code: null })
  })

  it('says there is no connection after two more tries, and sends it again when the browser is back online', async () => {
    const { store, settled } = setup()
    script = [{ drop: true }, { drop: true }, { drop: true }]
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(server.requests).toHaveLength(3)
    expect(store.getState().failure).toEqual({ kind: 'connection', status: null, code: null })
    store.getState().wentOnline()
    await settled()
    expect(server.requests).toHaveLength(4)
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 12 } })
  })

  it('resends the recalculation the student asked for, not the figures on screen', async () => {
    const { store, settled } = await planOnScreen()
    // A 500 is not one of the answers that say "later": it is not retried.
    script = [problem(500, 'internal_error')]
    store.getState().chooseFeeCount(18)
    await settled()
    expect(server.requests).toHaveLength(2)
    expect(store.getState()).toMatchObject({ failure: { kind: 'unavailable' }, result: { totalFees: 12 } })
    expect(store.getState().choice?.numberOfFees).toBe(12)
    store.getState().retry()
    await settled()
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}')).toMatchObject({ numberOfFees: 18 })
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 18 } })
  })
})

describe('a choice the API refuses', () => {
  it('says what to change, keeps the plan on screen, and is not sent again by Try again or a fresh token', async () => {
    const { store, events, settled } = await planOnScreen()
    script = [problem(422, 'fee_count_out_of_range')]
    store.getState().chooseFeeCount(30)
    await settled()
    expect(store.getState()).toMatchObject({
      failure: { kind: 'refused', status: 422, code: 'fee_count_out_of_range' },
      result: { totalFees: 12 },
      choice: { numberOfFees: 12 },
    })
    // The host hears the server's own words; the card says the widget's (src/ui/failure-words.ts).
    expect(events.at(-1)).toMatchObject({
      name: 'invalidTuitionEvent',
      detail: { status: 422, body: { detail: 'refused: fee_count_out_of_range' } },
    })
    const sent = server.requests.length
    store.getState().retry()
    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-2' })
    await settled()
    expect(server.requests).toHaveLength(sent)
    // Another choice is the way on.
    store.getState().chooseFeeCount(18)
    await settled()
    expect(store.getState()).toMatchObject({ failure: null, result: { totalFees: 18 } })
  })
})

describe('an amount the API refuses', () => {
  it('stays in its field with the reason; the plan on screen stays; SAVE waits until it is fixed or undone', async () => {
    const { store, events, settled } = await planOnScreen()
    script = [problem(422, 'partial_payment_exceeds_amount')]
    store.getState().choosePartialPayment(7000)
    await settled()
    expect(server.requests).toHaveLength(2)
    expect(store.getState().amountRefusal).toEqual({
      field: 'partialPayment',
      value: 7000,
      code: 'partial_payment_exceeds_amount',
    })
    expect(store.getState().failure).toBeNull()
    expect(store.getState().result?.partialPayment).not.toBe(7000)
    expect(events.at(-1)?.name).toBe('invalidTuitionEvent')
    expect(selectCanSave(store.getState())).toBe(false)
    await store.getState().save()
    expect(server.requests).toHaveLength(2)

    store.getState().dismissAmountRefusal()
    expect(selectCanSave(store.getState())).toBe(true)

    script = [problem(400, 'validation_failed')]
    store.getState().choosePartialPayment(null)
    await settled()
    expect(store.getState().amountRefusal).toMatchObject({ field: 'partialPayment', value: null })
    // A fixed amount clears it.
    store.getState().choosePartialPayment(500)
    await settled()
    expect(store.getState()).toMatchObject({ amountRefusal: null, result: { partialPayment: 500 } })
  })
})

describe('a save whose answer is lost', () => {
  it('is sent again with the same Idempotency-Key, and a second press after a failure reuses it', async () => {
    const { store, events, settled } = await planOnScreen()
    script = [{ drop: true }, { status: 502, body: {} }]
    await store.getState().save()
    await settled()
    const saves = server.requests.filter((request) => request.url.includes('FrontCalculateFees'))
    expect(saves).toHaveLength(3)
    const keys = new Set(saves.map((request) => request.headers['idempotency-key']))
    expect(keys.size).toBe(1)
    expect([...keys][0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(store.getState()).toMatchObject({ versionLocked: true, versionHashCode: 'hash-new' })
    expect(events.filter((event) => event.name === 'feeOptionSelectedEvent')).toHaveLength(1)
  })

  it('keeps the key for the same plan when every try failed, so pressing SAVE again stores it once', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', { ...input, system: 2 })
    await settled()
    script = [{ drop: true }, { drop: true }, { drop: true }]
    await store.getState().save()
    await settled()
    expect(store.getState().versionLocked).toBe(false)
    await store.getState().save()
    await settled()
    const saves = server.requests.filter((request) => request.url.includes('FrontCalculateFees'))
    expect(saves).toHaveLength(4)
    expect(new Set(saves.map((request) => request.headers['idempotency-key'])).size).toBe(1)
    expect(store.getState().versionLocked).toBe(true)
  })

  it("refused for the session, is sent again by the host's fresh token with the same key, and stores once", async () => {
    const { store, events, settled } = await planOnScreen()
    script = [problem(401, 'token_expired')]
    await store.getState().save()
    await settled()
    expect(events.at(-1)).toMatchObject({ name: 'feeOptionSelectedEvent', detail: { status: 401 } })
    expect(store.getState().versionLocked).toBe(false)
    // The same plan with a fresh token: the save goes again by itself, with its key; no second press.
    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-2' })
    await settled()
    const saves = server.requests.filter((request) => request.url.includes('FrontCalculateFees'))
    expect(saves).toHaveLength(2)
    expect(saves[1]?.headers.authorization).toBe('Bearer tok-2')
    expect(saves[1]?.headers['idempotency-key']).toBe(saves[0]?.headers['idempotency-key'])
    expect(store.getState()).toMatchObject({ versionLocked: true, versionHashCode: 'hash-new' })
    expect(events.filter((event) => event.name === 'feeOptionSelectedEvent')).toHaveLength(2)
    // Once saved, another token sends nothing.
    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-3' })
    await settled()
    expect(server.requests.filter((request) => request.url.includes('FrontCalculateFees'))).toHaveLength(2)
  })

  it('is not sent again by a fresh token once the plan on screen has changed', async () => {
    const { store, settled } = await planOnScreen()
    script = [problem(403, 'xsrf_mismatch')]
    await store.getState().save()
    await settled()
    store.getState().chooseFeeCount(18)
    await settled()
    store.getState().setProperty('tuitionInput', { ...input, token: 'tok-2' })
    await settled()
    expect(server.requests.filter((request) => request.url.includes('FrontCalculateFees'))).toHaveLength(1)
    expect(store.getState().versionLocked).toBe(false)
  })

  it('never retries a save the server refused (4xx)', async () => {
    const { store, settled } = await planOnScreen()
    script = [problem(422, 'fee_count_out_of_range')]
    await store.getState().save()
    await settled()
    expect(server.requests.filter((request) => request.url.includes('FrontCalculateFees'))).toHaveLength(1)
  })
})

describe('hash mode', () => {
  it('only logs a failed load: no failure on the card', async () => {
    const { store, logged } = setup()
    script = [problem(503, 'x'), problem(503, 'x'), problem(503, 'x')]
    store.getState().setProperty('versionHashCode', 'known')
    await eventually(() => expect(logged).toContain('fees table load failed'))
    expect(server.requests).toHaveLength(3)
    expect(store.getState()).toMatchObject({ failure: null, result: null })
  })
})
