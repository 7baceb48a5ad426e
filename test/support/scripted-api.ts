/**
 * A scripted API for the calculator's flow alone (src/store/flow.ts), in plain Node with no timers, HTTP or DOM: a
 * runner of the flow's effects that holds each call the flow sends until the test lets its answer go, and a small
 * in-memory server that answers as the reference API does where the flow can tell (the fees of the stand-in tables,
 * 401 for a refused token, 422 for a count out of range or nothing to finance, one version per Idempotency-Key and a
 * 422 for a key reused with another body, a saved version read back by its hash and its number by hash and contract,
 * 404 for any other). Each answer is made as the call arrives, as a real server stores a save
 * then and may lose the answer on the way back; only its delivery waits.
 *
 * It serves the same model (test/support/store-model.ts) as the controlled reference server does for the whole
 * store (test/support/controlled-api.ts), through the same interface, so that thousands of sequences run in seconds.
 */
import type { ApiError } from '../../src/api/errors.ts'
import type { AmortizationTable, Problem, SavedFeesTable, TuitionPayload } from '../../src/domain/types.ts'
import type { FeesCalculatorEventName } from '../../src/events.ts'
import { type CalculatorStore, flowStore } from '../../src/store/calculator-store.ts'
import { comparisonRules } from '../../src/store/comparison.ts'
import { type Call, type CallSlot, type Effect, type FlowEvent, initialState } from '../../src/store/flow.ts'
import { savingRules } from '../../src/store/saving.ts'
import type { Calculator, Notice } from '../../src/store/state.ts'
import {
  type CallKind,
  type Delivery,
  type HeldCall,
  type ServerUnderTest,
  VERSION_SAVED_BEFORE,
} from './controlled-api.ts'
import { standInAmortization, standInFeesTable } from './fixtures.ts'

const FEES = { min: 12, max: 24 }

/** What the scripted server answers a call with, as it arrives: a value, or a problem and its status. */
type Reply = { ok: true; value: unknown } | { ok: false; status: number; problem: Problem }

const problem = (status: number, code: string): Reply => ({
  ok: false,
  status,
  problem: { type: 'about:blank', title: code, status, code } as Problem,
})

interface Held extends HeldCall {
  readonly slot: CallSlot
  readonly count?: number
  readonly api: Call['api']
  readonly reply: Reply
}

export interface ScriptedApi extends ServerUnderTest {
  /** A store of the flow whose effects this API carries out; the host's events and notices are recorded. */
  newStore(record: { events: { name: FeesCalculatorEventName; detail: unknown }[]; notices: Notice[] }): CalculatorStore
}

export function createScriptedApi(): ScriptedApi {
  const tokens = { first: 'token-first', second: 'token-second', refused: 'token-refused' }
  const log: HeldCall[] = []
  let waiting: Held[] = []
  // The server's saved versions: each Idempotency-Key with its body and version, and each contract's count.
  const versions = new Map<string, { body: string; hash: string; number: number }>([
    ['saved-before', { body: JSON.stringify(VERSION_SAVED_BEFORE), hash: 'v-0', number: 1 }],
  ])
  const perContract = new Map<string, number>([[VERSION_SAVED_BEFORE.contractId!, 1]])
  const versionOf = (hash: string) => [...versions.values()].find((version) => version.hash === hash)
  let deliverTo: ((event: FlowEvent) => void) | null = null
  let afterDelivery = () => {}
  let nextId = 0

  const answerTo = (call: Call, authorization: string | null, anonymous: boolean): Reply => {
    if (!anonymous && authorization !== `Bearer ${tokens.first}` && authorization !== `Bearer ${tokens.second}`)
      return problem(401, 'invalid_token')
    if (call.api === 'feesTable' || call.api === 'versionNumber') {
      const version = versionOf(call.args[0])
      const tuitionInput = version && (JSON.parse(version.body) as TuitionPayload)
      if (!version || !tuitionInput) return problem(404, 'version_not_found')
      if (call.api === 'versionNumber')
        return call.args[1] === tuitionInput.contractId
          ? { ok: true, value: version.number }
          : problem(404, 'version_not_found')
      const saved: SavedFeesTable = { result: standInFeesTable(tuitionInput), tuitionInput, savedAt: '2026-11-20' }
      return { ok: true, value: saved }
    }
    const body = call.args[0] as TuitionPayload
    const count = body.numberOfFees ?? FEES.min
    if (count < FEES.min || count > FEES.max) return problem(422, 'fee_count_out_of_range')
    const amount = body.finalAmount ?? body.amountToRefinance
    if (amount === null || amount === undefined) return problem(400, 'validation_failed')
    if (amount <= 0 || amount / count < 0.01) return problem(422, 'amount_too_small')
    if (call.api === 'calculateFeeOptions') return { ok: true, value: standInFeesTable(body) }
    const key = call.args[2] as string | undefined
    if (key !== undefined && !/^[\x21-\x7e]{1,255}$/.test(key)) return problem(400, 'invalid_idempotency_key')
    if (!body.isSavedVersion || key === undefined || anonymous) return { ok: true, value: standInAmortization(body) }
    const text = JSON.stringify(body)
    let version = versions.get(key)
    if (version && version.body !== text) return problem(422, 'idempotency_key_reused')
    if (!version) {
      const number = (perContract.get(body.contractId ?? '') ?? 0) + 1
      perContract.set(body.contractId ?? '', number)
      version = { body: text, hash: `v-${versions.size + 1}`, number }
      versions.set(key, version)
    }
    const table: AmortizationTable = { ...standInAmortization(body, version.hash), versionNumber: version.number }
    return { ok: true, value: table }
  }

  const kindOf = (slot: CallSlot, call: Call): CallKind =>
    slot === 'save'
      ? 'save'
      : slot === 'schedule'
        ? 'preview'
        : call.api === 'calculateFeeOptions'
          ? 'calculate'
          : 'other'

  /** The flow's runner, synchronous: a call arrives at the server at once, and waits to be delivered. */
  const runner = (dispatch: (event: FlowEvent) => void, get: () => Calculator) => {
    deliverTo = dispatch
    // SAVE's rules, a lazy chunk of the widget's that the flow asks for once its first figures are drawn, come here
    // just after the answer whose step asked for them, as the widget's come after that step's frame.
    let savingRulesAsked = false
    afterDelivery = () => {
      if (!savingRulesAsked) return
      savingRulesAsked = false
      dispatch({ type: 'savingRulesLoaded', rules: savingRules })
    }
    // A call replaced in its slot, or cancelled, never answers, as with the store's runner (src/store/runner.ts).
    const drop = (slot: CallSlot | 'all') => {
      waiting = waiting.filter((call) => slot !== 'all' && call.slot !== slot)
    }
    return (effects: readonly Effect[]) => {
      for (const effect of effects) {
        // The comparison's rules, a lazy chunk of the widget's, are here at once.
        if (effect.type === 'loadComparison') dispatch({ type: 'comparisonRulesLoaded', rules: comparisonRules })
        if (effect.type === 'loadSavingRules') savingRulesAsked = true
        if (effect.type === 'cancel') drop(effect.slot)
        if (effect.type !== 'send') continue
        if (effect.slot !== 'comparison') drop(effect.slot)
        const { mode, input } = get()
        const anonymous =
          effect.call.api !== 'feesTable' && effect.call.api !== 'versionNumber' && !!effect.call.args[1]
        const authorization = mode === 'hash' ? null : `Bearer ${input?.token ?? ''}`
        const reply = answerTo(effect.call, authorization, anonymous)
        const body = effect.call.api === 'calculateFeeOptions' || effect.call.api === 'frontCalculateFees'
        const saved = reply.ok && effect.slot === 'save' ? (reply.value as AmortizationTable).versionHashCode : null
        nextId += 1
        const call: Held = {
          id: nextId,
          slot: effect.slot,
          count: effect.count,
          api: effect.call.api,
          kind: kindOf(effect.slot, effect.call),
          body: body ? (effect.call.args[0] as TuitionPayload) : null,
          authorization,
          status: reply.ok ? 200 : reply.status,
          idempotencyKey: effect.call.api === 'frontCalculateFees' ? (effect.call.args[2] ?? null) : null,
          savedHash: saved,
          versionRead: effect.call.api === 'feesTable' ? effect.call.args[0] : null,
          reply,
        }
        log.push(call)
        waiting.push(call)
      }
    }
  }

  const failureOf = (how: Delivery, reply: Reply): ApiError | null => {
    const http = (status: number, body: unknown): ApiError => ({ kind: 'http', status, message: `${status}`, body })
    if (how === 'network') return { kind: 'network', message: 'fetch failed' }
    if (how === 'timeout') return { kind: 'timeout', message: 'The operation timed out.' }
    if (how === 'server_error') return http(500, problem(500, 'internal_error'))
    if (how === 'unavailable') return http(503, problem(503, 'database_unavailable'))
    return reply.ok ? null : http(reply.status, reply.problem)
  }

  return {
    held: () => waiting,
    log,
    tokens,
    savedBefore: 'v-0',
    deliver(id, how) {
      const call = waiting.find((held) => held.id === id)
      if (!call) throw new Error(`no call ${id} is held`)
      waiting = waiting.filter((held) => held !== call)
      const error = failureOf(how, call.reply)
      const { slot, count } = call
      if (error) deliverTo?.({ type: 'failed', slot, count, error })
      else if (call.reply.ok)
        deliverTo?.({ type: 'answered', slot, count, answer: { api: call.api, value: call.reply.value } as never })
      afterDelivery()
    },
    // Nothing here waits on the event loop: a step is settled once the flow has run.
    settle: async (quiet, describe = () => '') => {
      if (!quiet()) throw new Error(`the flow is not settled: ${describe()}`)
    },
    newStore({ events, notices }) {
      waiting = []
      return flowStore({ ...initialState(), attached: true }, (dispatch, get) => {
        const run = runner(dispatch, get)
        return (effects) => {
          run(effects)
          for (const effect of effects) {
            if (effect.type === 'emit') events.push({ name: effect.name, detail: effect.detail })
            if (effect.type === 'notify') notices.push(effect.notice)
          }
        }
      })
    },
  }
}
