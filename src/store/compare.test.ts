import { beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { type RecordedRequest, type Reply, recordingServerForFile } from '../../test/support/recording-server.ts'
import { testStore } from '../../test/support/test-store.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { countsToCompare } from './comparison.ts'

const input = tuitionInput({ token: 'tok-1', language: 'en' })

let reply: (request: RecordedRequest) => Reply

const countOf = (request: RecordedRequest) => (JSON.parse(request.body) as TuitionPayload).numberOfFees
const calculate = (request: RecordedRequest): Reply => ({
  body: standInFeesTable(JSON.parse(request.body) as TuitionPayload),
})

/** A store on the recording server; `signals` holds every request's signal, in the order they left. */
function setup() {
  const signals: AbortSignal[] = []
  const { store, settled } = testStore(`${server.origin}/api/v1`, {
    retryDelay: () => 1,
    fetch: (request: RequestInfo | URL, init?: RequestInit) => {
      signals.push((request instanceof Request ? request : new Request(request, init)).signal)
      return fetch(request, init)
    },
  })
  const compared = () =>
    eventually(() => {
      const rows = store.getState().comparison
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((row) => row.result || row.failure)).toBe(true)
      return rows
    })
  return { store, signals, settled, compared }
}

const server = recordingServerForFile((request) => reply(request))
beforeEach(() => {
  reply = calculate
})

describe('the counts compared', () => {
  it('are the smallest, the chosen, one between and the largest, distinct and in order', () => {
    expect(countsToCompare(12, 12, 24)).toEqual([12, 18, 24])
    expect(countsToCompare(12, 24, 24)).toEqual([12, 18, 24])
    expect(countsToCompare(12, 18, 24)).toEqual([12, 15, 18, 24])
    expect(countsToCompare(12, 15, 24)).toEqual([12, 15, 20, 24])
    expect(countsToCompare(12, 13, 13)).toEqual([12, 13])
    expect(countsToCompare(12, 12, 12)).toEqual([12])
  })
})

describe('the comparison of fee counts', () => {
  it('asks for nothing until it is opened, and then nothing before the plan has its own figures', async () => {
    const { store, settled, compared } = setup()
    reply = (request) => ({ ...calculate(request), delay: 150 })
    store.getState().setProperty('tuitionInput', input)
    await settled()
    expect(server.requests).toHaveLength(1)

    store.getState().setProperty('tuitionInput', { ...input, finalAmount: 4800 })
    store.getState().showComparison(true)
    // Opened while the card calculates: only the card's calculation is out.
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(server.requests).toHaveLength(2)
    await compared()
    expect(server.requests.slice(2).map(countOf).sort()).toEqual([18, 24])
  })

  it('shows for each count the figures a calculation of that count answers, the chosen one the card’s own', async () => {
    const { store, settled, compared } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().showComparison(true)
    const rows = await compared()
    expect(rows.map((row) => row.count)).toEqual([12, 18, 24])
    expect(rows[0]!.result).toBe(store.getState().result)
    // One calculation per count that the card did not answer already.
    expect(server.requests.slice(1).map(countOf).sort()).toEqual([18, 24])
    for (const row of rows) {
      store.getState().chooseFeeCount(row.count)
      await settled()
      expect(store.getState().result).toEqual(row.result)
    }
  })

  it('keeps the answers while only the count changes, and asks only for the counts it lacks', async () => {
    const { store, settled, compared } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    store.getState().showComparison(true)
    await compared()
    const before = server.requests.length
    store.getState().chooseFeeCount(18)
    await settled()
    const rows = await compared()
    expect(rows.map((row) => row.count)).toEqual([12, 15, 18, 24])
    // The card's calculation of 18, and 15, the new count between.
    expect(server.requests.slice(before).map(countOf)).toEqual([18, 15])
  })

  it('cancels its calculations when the input changes, and compares the new plan', async () => {
    const { store, signals, settled, compared } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) => ({ ...calculate(request), delay: countOf(request) === 12 ? 10 : 400 })
    store.getState().showComparison(true)
    await eventually(() => expect(signals).toHaveLength(3))
    const stale = signals.slice(1)
    store.getState().setProperty('tuitionInput', { ...input, finalAmount: 4800 })
    expect(stale.map((signal) => signal.aborted)).toEqual([true, true])
    const seen: number[] = []
    const unsubscribe = store.subscribe((s) => {
      for (const row of s.comparison) if (row.result) seen.push(row.result.amountToFinance)
    })
    const rows = await compared()
    unsubscribe()
    expect(rows.map((row) => row.result?.amountToFinance)).toEqual([4800, 4800, 4800])
    expect(rows.map((row) => row.result?.feeAmount)).toEqual([400, 266.67, 200])
    expect(seen.filter((amount) => amount !== 4800)).toEqual([])
  })

  it('stops asking when closed', async () => {
    const { store, signals, settled } = setup()
    store.getState().setProperty('tuitionInput', input)
    await settled()
    reply = (request) => ({ ...calculate(request), delay: 400 })
    store.getState().showComparison(true)
    await eventually(() => expect(signals).toHaveLength(3))
    store.getState().showComparison(false)
    expect(signals.slice(1).map((signal) => signal.aborted)).toEqual([true, true])
  })

  it('says which count failed, and Try again sends only what can succeed', async () => {
    const { store, settled, compared } = setup()
    // Its own contract: late requests of the tests before it, cancelled on their way, are not counted.
    const sent = () => server.requests.filter((request) => request.body.includes('"C-retry"')).map(countOf)
    store.getState().setProperty('tuitionInput', { ...input, contractId: 'C-retry' })
    await settled()
    reply = (request) =>
      countOf(request) === 18
        ? { status: 503, body: { status: 503, title: 'Unavailable', code: 'unavailable' } }
        : { status: 422, body: { status: 422, title: 'Out of range', code: 'fee_count_out_of_range' } }
    store.getState().showComparison(true)
    const rows = await compared()
    expect(rows.map((row) => row.failure?.kind ?? 'figures')).toEqual(['figures', 'unavailable', 'refused'])
    expect(rows[2]!.failure?.code).toBe('fee_count_out_of_range')
    // Reads are retried: three tries of 18, one of 24 (a refusal is not tried again).
    expect(sent().slice(1).sort()).toEqual([18, 18, 18, 24])

    reply = calculate
    const before = sent().length
    store.getState().retryComparison()
    await eventually(() => expect(store.getState().comparison[1]?.result?.totalFees).toBe(18))
    expect(sent().slice(before)).toEqual([18])
    expect(store.getState().comparison[2]!.failure?.kind).toBe('refused')
  })
})
