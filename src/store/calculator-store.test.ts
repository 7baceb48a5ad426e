import { beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { type RecordedRequest, type Reply, recordingServerForFile } from '../../test/support/recording-server.ts'
import { testStore } from '../../test/support/test-store.ts'
import { INVALID_DATE_MESSAGE } from '../domain/tuition.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { selectCanPreviewSchedule, selectCanSave, selectShowSave } from './calculator-store.ts'

const input = tuitionInput({ token: 'tok-1', language: 'en' })

const feesTable = (body: TuitionPayload, isModificable = true) => standInFeesTable(body, { isModificable })

let reply: (request: RecordedRequest) => Reply

const setup = (hostname = '127.0.0.1', pageLanguage?: () => string | null) =>
  testStore(`${server.origin}/api/v1`, { hostname, pageLanguage })

const defaultReply = (request: RecordedRequest): Reply => {
  const body = request.body ? (JSON.parse(request.body) as TuitionPayload) : null
  if (request.url.includes('/Calculator/CalculateFeeOptions')) return { body: feesTable(body!) }
  if (request.url.includes('/Calculator/FrontCalculateFees')) {
    return {
      body: {
        versionHashCode: body!.isSavedVersion ? 'hash-new' : null,
        versionNumber: body!.isSavedVersion ? 4 : null,
        currency: 'EUR',
        fees: [],
        totals: { amountToFinance: 0, interests: 0, finalFee: 0 },
      },
    }
  }
  if (request.url.includes('/Calculator/feestable/known')) {
    return {
      body: {
        result: feesTable({ ...input, numberOfFees: 18 }, false),
        tuitionInput: { ...input, token: undefined, numberOfFees: 18 },
      },
    }
  }
  if (request.url.includes('/Version/Number'))
    return request.url.includes('versionHashCode=known') ? { body: 2 } : { status: 404, body: {} }
  return { status: 404, body: { status: 404, title: 'Not found', code: 'not_found' } }
}

const server = recordingServerForFile((request) => reply(request))
beforeEach(() => {
  reply = defaultReply
})

describe('calculator store, embedded mode', () => {
  it('starts empty: no result, SAVE disabled', () => {
    const { store } = setup()
    expect(store.getState().result).toBeNull()
    expect(selectCanSave(store.getState())).toBe(false)
  })

  it('calculates a valid input and tells the host', async () => {
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(store.getState().result).toMatchObject({ totalFees: 12, feeAmount: 500 })
    expect(store.getState().language).toBe('en')
    expect(events).toEqual([{ name: 'calculationResultReceivedEvent', detail: store.getState().result }])
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1')
    expect(server.requests[0]?.body).not.toContain('tok-1')
  })

  it('refuses an invalid date with invalidTuitionEvent and sends no request', () => {
    const { store, events } = setup()
    store.getState().setProperty('tuitionInput', { ...input, dateOfPayment: '2027-02-31' })
    expect(events).toEqual([
      {
        name: 'invalidTuitionEvent',
        detail: { code: 'invalid_date', message: INVALID_DATE_MESSAGE, field: 'dateOfPayment' },
      },
    ])
    expect(server.requests).toHaveLength(0)
  })

  it('sends no request for an input equal to the last one', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().setProperty('tuitionInput', { ...input })
    await settled()
    expect(server.requests).toHaveLength(1)
  })

  it('recalculates when the fee count changes, and not when it is chosen again', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().chooseFeeCount(20)
    await settled()
    store.getState().chooseFeeCount(20)
    await settled()
    expect(server.requests).toHaveLength(2)
    expect(JSON.parse(server.requests[1]!.body)).toMatchObject({
      numberOfFees: 20,
      finalAmount: 6000,
      partialPayment: 0,
    })
    expect(store.getState().result?.feeAmount).toBe(300)
  })

  it('drops a late answer that a newer choice superseded', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) => {
      const n = (JSON.parse(request.body) as TuitionPayload).numberOfFees
      return { ...defaultReply(request), delay: n === 13 ? 300 : 10 }
    }
    store.getState().chooseFeeCount(13)
    store.getState().chooseFeeCount(24)
    await settled()
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(store.getState().result?.totalFees).toBe(24)
    expect(store.getState().choice?.numberOfFees).toBe(24)
  })

  it('answers a failed calculation with invalidTuitionEvent carrying the error body', async () => {
    reply = () => ({
      status: 422,
      body: { status: 422, title: 'Cannot finance', code: 'amount_not_financeable', detail: 'x' },
    })
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(events).toEqual([
      {
        name: 'invalidTuitionEvent',
        detail: expect.objectContaining({
          code: 'request_failed',
          kind: 'http',
          status: 422,
          body: expect.objectContaining({ code: 'amount_not_financeable' }),
        }),
      },
    ])
  })

  it('toasts a date that cannot be parsed and keeps the plan', async () => {
    const { store, notices, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().chooseDate('not a date')
    expect(notices).toEqual([{ kind: 'date_parse_failed' }])
    expect(store.getState().choice?.firstPaymentDate).toBe('2027-01-05')
  })

  it('saves, locks the version, disables SAVE and tells the host', async () => {
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    await store.getState().save()
    const saved = JSON.parse(server.requests[1]!.body) as TuitionPayload
    expect(server.requests[1]?.url).toBe('/api/v1/Calculator/FrontCalculateFees')
    expect(saved).toMatchObject({ isSavedVersion: true, isFrontEndVersionCopy: true, dateOfPayment: '2027-01-05' })
    expect(store.getState()).toMatchObject({ versionLocked: true, versionHashCode: 'hash-new', versionNumber: 4 })
    expect(selectCanSave(store.getState())).toBe(false)
    expect(events.at(-1)).toMatchObject({ name: 'feeOptionSelectedEvent', detail: { versionHashCode: 'hash-new' } })
  })

  it('does not lock for an ERP system in embedded mode and calls the Anonymous endpoints without a token', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', { ...input, system: 3 })
    await settled()
    await store.getState().save()
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/v1/Calculator/CalculateFeeOptionsAnonymous',
      '/api/v1/Calculator/FrontCalculateFeesAnonymous',
    ])
    expect(JSON.parse(server.requests[1]!.body)).toMatchObject({ isSavedVersion: false })
    expect(store.getState().versionLocked).toBe(false)
  })

  it('answers a failed save with feeOptionSelectedEvent carrying the error body', async () => {
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = () => ({ status: 401, body: { status: 401, title: 'Unauthorized', code: 'token_expired' } })
    await store.getState().save()
    expect(events.at(-1)).toMatchObject({
      name: 'feeOptionSelectedEvent',
      detail: { kind: 'http', status: 401, body: { code: 'token_expired' } },
    })
    expect(store.getState().versionLocked).toBe(false)
  })

  it('keeps two stores apart', async () => {
    const a = setup()
    const b = setup()
    a.store.getState().setProperty('tuitionInput', input)
    b.store.getState().setProperty('tuitionInput', { ...input, finalAmount: 1200 })
    await a.settled()
    await b.settled()
    expect(a.store.getState().result?.feeAmount).toBe(500)
    expect(b.store.getState().result?.feeAmount).toBe(100)
    expect(a.events).toHaveLength(1)
    expect(b.events).toHaveLength(1)
  })
})

describe('calculator store, the schedule on demand', () => {
  const scheduleReply = (request: RecordedRequest): Reply => {
    if (!request.url.includes('/Calculator/FrontCalculateFees')) return defaultReply(request)
    const body = JSON.parse(request.body) as TuitionPayload
    return {
      body: {
        versionHashCode: body.isSavedVersion ? 'hash-new' : null,
        versionNumber: body.isSavedVersion ? 1 : null,
        currency: 'EUR',
        fees: [{ number: 1, dueDate: body.dateOfPayment, fee: 6000, interest: 0, principal: 6000, balance: 0 }],
        totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 },
      },
    }
  }

  it('asks FrontCalculateFees for the plan on screen without saving: no version, no lock, no event', async () => {
    reply = scheduleReply
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().chooseFeeCount(18)
    await settled()
    expect(selectCanPreviewSchedule(store.getState())).toBe(true)
    await store.getState().previewSchedule()
    const sent = server.requests.at(-1)!
    expect(sent.url).toBe('/api/v1/Calculator/FrontCalculateFees')
    expect(sent.headers.authorization).toBe('Bearer tok-1')
    expect(JSON.parse(sent.body)).toMatchObject({
      isSavedVersion: false,
      numberOfFees: 18,
      dateOfPayment: '2027-01-05',
      finalAmount: 6000,
    })
    expect(store.getState()).toMatchObject({
      amortization: { versionHashCode: null, fees: [{ number: 1, dueDate: '2027-01-05' }] },
      versionLocked: false,
      planSent: false,
      versionHashCode: null,
      versionNumber: null,
      schedulePreview: 'idle',
    })
    expect(selectCanSave(store.getState())).toBe(true)
    expect(selectCanPreviewSchedule(store.getState())).toBe(false)
    expect(events.map((e) => e.name)).toEqual(['calculationResultReceivedEvent', 'calculationResultReceivedEvent'])
  })

  it('turns the saved flag off for a plan reopened from a saved version', async () => {
    reply = (request) =>
      request.url.includes('/feestable/')
        ? {
            body: {
              result: feesTable({ ...input, numberOfFees: 18 }),
              tuitionInput: { ...input, token: undefined, isSavedVersion: true, isFrontEndVersionCopy: true },
            },
          }
        : scheduleReply(request)
    const { store, settled } = setup()
    store.getState().setProperty('versionHashCode', 'known')
    await settled()
    await store.getState().previewSchedule()
    const sent = server.requests.find((r) => r.url.includes('/Calculator/FrontCalculateFees'))!
    expect(sent.headers['x-api-key']).toBe('demo-api-key')
    expect(JSON.parse(sent.body)).toMatchObject({ isSavedVersion: false })
    expect(store.getState().amortization?.versionHashCode).toBeNull()
  })

  it('drops a schedule that a change of plan made stale, and clears the one on screen', async () => {
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) => ({ ...scheduleReply(request), delay: request.url.includes('FrontCalculateFees') ? 300 : 0 })
    const preview = store.getState().previewSchedule()
    expect(store.getState().schedulePreview).toBe('loading')
    store.getState().chooseFeeCount(20)
    await settled()
    await preview
    expect(store.getState()).toMatchObject({ amortization: null, schedulePreview: 'idle', result: { totalFees: 20 } })

    reply = scheduleReply
    await store.getState().previewSchedule()
    expect(store.getState().amortization).not.toBeNull()
    store.getState().chooseFeeCount(21)
    expect(store.getState().amortization).not.toBeNull()
    await settled()
    expect(store.getState().amortization).toBeNull()
  })

  it('logs a failed schedule, says so in its state, sends no event, and can be asked again', async () => {
    const { store, events, logged, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) =>
      request.url.includes('FrontCalculateFees')
        ? { status: 503, body: { status: 503, code: 'unavailable' } }
        : defaultReply(request)
    await store.getState().previewSchedule()
    expect(store.getState()).toMatchObject({ schedulePreview: 'failed', amortization: null })
    expect(logged).toEqual(['schedule preview failed'])
    expect(events.map((e) => e.name)).toEqual(['calculationResultReceivedEvent'])
    reply = scheduleReply
    await store.getState().previewSchedule()
    expect(store.getState()).toMatchObject({ schedulePreview: 'idle', amortization: { versionHashCode: null } })
  })

  it('after a save, shows the saved schedule and does not ask again', async () => {
    reply = scheduleReply
    const { store, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    await store.getState().save()
    expect(store.getState()).toMatchObject({ planSent: true, amortization: { versionHashCode: 'hash-new' } })
    const count = server.requests.length
    await store.getState().previewSchedule()
    expect(server.requests).toHaveLength(count)
  })
})

describe('calculator store, hash mode', () => {
  it('loads the saved table, fetches the version number, and hides SAVE when not editable', async () => {
    const { store, events, settled } = setup()
    store.getState().setProperty('versionHashCode', 'known')
    await settled()
    await eventually(() => expect(store.getState().versionNumber).toBe(2))
    expect(store.getState()).toMatchObject({ loadedByHash: true, mode: 'hash', result: { totalFees: 18 } })
    expect(selectShowSave(store.getState())).toBe(false)
    expect(server.requests[0]?.headers['x-api-key']).toBe('demo-api-key')
    expect(server.requests[1]?.url).toBe('/api/v1/Version/Number?versionHashCode=known&contractid=C-1')
    expect(events.map((e) => e.name)).toEqual(['calculationResultReceivedEvent'])
  })

  it('toasts a failed version number fetch', async () => {
    reply = (request) => (request.url.includes('/Version/Number') ? { status: 500, body: {} } : defaultReply(request))
    const { store, notices, settled } = setup()
    store.getState().setProperty('versionHashCode', 'known')
    await settled()
    await eventually(() => expect(notices).toEqual([{ kind: 'version_number_failed' }]))
  })

  it("speaks the page's language when it is one of the six, else the saved input's, read as each plan arrives", async () => {
    let page: string | null = 'eu-ES'
    const { store, settled } = setup(undefined, () => page)
    // The host gives the hash anew each time (the same one again would be nothing new).
    const opened = async () => {
      store.getState().setProperty('versionHashCode', undefined)
      store.getState().setProperty('versionHashCode', 'known')
      await settled()
      return store.getState()
    }
    expect(await opened()).toMatchObject({ language: 'eu', input: { language: 'en' } })
    for (const unspoken of ['fr', '', null]) {
      page = unspoken
      expect((await opened()).language).toBe('en')
    }
    page = 'gl'
    expect((await opened()).language).toBe('gl')
  })

  it('only logs a failed fees-table load, and sends no event', async () => {
    const { store, events, logged, settled } = setup()
    store.getState().setProperty('versionHashCode', 'unknown')
    await settled()
    expect(logged).toEqual(['fees table load failed'])
    expect(events).toEqual([])
    expect(store.getState().result).toBeNull()
  })
})

describe('calculator store, answers from a backend that is not ours', () => {
  it('shows a first payment date sent as a date-time without a zone as its UTC day', async () => {
    reply = (request) => {
      const answer = defaultReply(request)
      return {
        ...answer,
        body: { ...(answer.body as object), firstPaymentDate: '2027-01-05T00:00:00', extra: 'ignored' },
      }
    }
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(store.getState().result).toMatchObject({ firstPaymentDate: '2027-01-05', feeAmount: 500 })
    expect(store.getState().result).not.toHaveProperty('extra')
    expect(events.map((e) => e.name)).toEqual(['calculationResultReceivedEvent'])
  })

  it('reports an unreadable date as a failed calculation naming the field, toasts it, keeps the plan and recovers', async () => {
    const { store, events, notices, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    const shown = store.getState().result
    reply = (request) => ({ body: { ...(defaultReply(request).body as object), firstPaymentDate: 'mañana' } })
    store.getState().chooseFeeCount(18)
    await settled()
    expect(events[1]).toEqual({
      name: 'invalidTuitionEvent',
      detail: expect.objectContaining({
        code: 'invalid_date',
        kind: 'response',
        status: 200,
        field: 'firstPaymentDate',
      }),
    })
    expect(notices).toEqual([{ kind: 'date_parse_failed' }])
    expect(store.getState().result).toBe(shown)
    expect(store.getState().choice?.numberOfFees).toBe(12)

    reply = defaultReply
    store.getState().chooseFeeCount(18)
    await settled()
    expect(store.getState().result).toMatchObject({ totalFees: 18 })
    expect(events[2]?.name).toBe('calculationResultReceivedEvent')
  })

  it.each([
    ['a 204', { status: 204 }, '(body)'],
    ['a login page with 200', { raw: '<!doctype html><title>Sign in</title>', contentType: 'text/html' }, '(body)'],
    ['an answer without feeAmount', { body: { ...standInFeesTable(input), feeAmount: undefined } }, 'feeAmount'],
  ])('reports %s as a failed calculation, never as a result', async (_, answer, field) => {
    reply = () => answer
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(events).toEqual([
      { name: 'invalidTuitionEvent', detail: expect.objectContaining({ code: 'invalid_response', field }) },
    ])
    expect(store.getState().result).toBeNull()
  })

  it('reports an unreadable save answer through feeOptionSelectedEvent and does not lock', async () => {
    const { store, events, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) =>
      request.url.includes('FrontCalculateFees') ? { body: { fees: 'none' } } : defaultReply(request)
    await store.getState().save()
    expect(events[1]).toEqual({
      name: 'feeOptionSelectedEvent',
      detail: expect.objectContaining({ code: 'invalid_response', field: 'fees' }),
    })
    expect(store.getState().versionLocked).toBe(false)
    expect(selectCanSave(store.getState())).toBe(true)
  })
})
