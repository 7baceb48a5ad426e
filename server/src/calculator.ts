/**
 * The calculator endpoints: fees table, amortization
 * table (which may save a version), and loading a saved version.
 */
import { createHash } from 'node:crypto'
import {
  type AmortizationTable,
  ANONYMOUS_SYSTEMS,
  IDEMPOTENCY_HEADER,
  isAnonymousSystem,
  type Problem,
  type SavedFeesTable,
} from '@fees-calculator/contract'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { amortizationTableJson, feesTableJson } from './answer-serialisers.ts'
import type { Authenticator } from './auth.ts'
import type { Config } from './config.ts'
import { type ApiAnswers, authGuard, jsonBodyGuard } from './guards.ts'
import { buildPlan, type Plan, utcDay } from './plan.ts'
import { problem, RETRY_AFTER_S } from './problem.ts'
import { type AppEnv, headerOf } from './request-context.ts'
import { IdempotencyKeyReusedError, isReplay, type VersionStore } from './store/types.ts'
import { checkFinanceable, type Outcome, parseTuitionPayload, storedPayload, type TuitionRequest } from './validate.ts'

/** A UUID is 36 characters; other clients' keys are accepted up to this length, printable ASCII only. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** The Idempotency-Key header as Node names it (headerOf). */
const IDEMPOTENCY = IDEMPOTENCY_HEADER.toLowerCase() as Lowercase<string>
/** The headers of a calculator's answer beside the API's own. */
const JSON_CONTENT = { 'Content-Type': 'application/json' }

export type Access = 'authenticated' | 'anonymous'

/** What the server takes as now: the clock of the machine, or a fixed one in tests. */
export type Clock = () => Date | number

/**
 * A calculator endpoint's answer before it is HTTP: a JSON text (200), or a problem and its extra headers, with
 * the cause for the operator's log when the server, not the request, failed.
 */
export type CalculatorAnswer =
  | { ok: true; json: string }
  | { ok: false; problem: Problem; headers?: Record<string, string>; cause?: string }

/** The four POST endpoints as plain functions of the parsed body. */
export interface Calculator {
  /** CalculateFeeOptions and its anonymous twin. */
  feeOptions(body: unknown, access: Access): CalculatorAnswer
  /** FrontCalculateFees and its anonymous twin; a save waits on the store. `idempotencyKey`: the header's value. */
  frontCalculate(body: unknown, access: Access, idempotencyKey?: string): CalculatorAnswer | Promise<CalculatorAnswer>
}

/** What the calculator tells the operator's metrics about saves. */
export interface SaveEvents {
  /** A save answered: a new version stored, or an earlier one given back for the same Idempotency-Key. */
  saved(outcome: 'stored' | 'replayed'): void
}

const NO_SAVE_EVENTS: SaveEvents = { saved: () => {} }

export function createCalculator(
  config: Config,
  store: VersionStore,
  clock: Clock = Date.now,
  events: SaveEvents = NO_SAVE_EVENTS,
): Calculator {
  /** Body → validated request → plan, or the problem that stops it (400, 403, 422). */
  const planFor = (body: unknown, access: Access): Outcome<{ request: TuitionRequest; plan: Plan }> => {
    const parsed = parseTuitionPayload(body)
    if (!parsed.ok) return parsed
    const request = parsed.value
    if (access === 'anonymous' && !isAnonymousSystem(request.system)) {
      const detail = `System ${request.system} must call the authenticated endpoint; only systems ${ANONYMOUS_SYSTEMS.join(' and ')} may call this one.`
      return { ok: false, problem: problem('system_not_allowed', detail) }
    }
    const financeable = checkFinanceable(request, config)
    if (!financeable.ok) return financeable
    const plan = buildPlan(financeable.value, config, utcDay(clock()))
    if (!plan.ok) return plan
    return { ok: true, value: { request, plan: plan.value } }
  }

  const save = async (request: TuitionRequest, plan: Plan, idempotencyKey?: string): Promise<CalculatorAnswer> => {
    const contractId = request.contractId
    if (contractId === null || contractId.trim() === '') {
      const errors = [{ field: 'contractId', message: 'is required to save a version' }]
      return { ok: false, problem: problem('validation_failed', 'Invalid or missing fields: contractId.', errors) }
    }
    const tuitionInput = storedPayload(request)
    // The request a key stands for: what would be stored (the token is never part of it) and the plan's link.
    const fingerprint = () =>
      createHash('sha256')
        .update(JSON.stringify([contractId, request.linkedVersionIdentifier, tuitionInput]))
        .digest('base64url')
    let table: AmortizationTable
    try {
      const stored = await store.save({
        contractId,
        linkedHash: request.linkedVersionIdentifier,
        tuitionInput,
        result: plan.result,
        amortization: plan.table,
        idempotency: idempotencyKey === undefined ? null : { key: idempotencyKey, fingerprint: fingerprint() },
      })
      events.saved(isReplay(stored) ? 'replayed' : 'stored')
      table = stored.amortization
    } catch (error) {
      if (error instanceof IdempotencyKeyReusedError) {
        return {
          ok: false,
          problem: problem(
            'idempotency_key_reused',
            'This Idempotency-Key was used for another request: send a new key for a new save.',
          ),
        }
      }
      return {
        ok: false,
        problem: problem('database_unavailable', 'The version could not be saved; try again.'),
        headers: { 'Retry-After': RETRY_AFTER_S },
        cause: `Saving a version failed: ${(error as Error).message}`,
      }
    }
    return { ok: true, json: amortizationTableJson(table) }
  }

  return {
    feeOptions(body, access) {
      const outcome = planFor(body, access)
      if (!outcome.ok) return outcome
      return { ok: true, json: feesTableJson(outcome.value.plan.result) }
    },
    frontCalculate(body, access, idempotencyKey) {
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        const detail = 'The Idempotency-Key header must be 1 to 255 printable ASCII characters, such as a UUID.'
        return { ok: false, problem: problem('invalid_idempotency_key', detail) }
      }
      const outcome = planFor(body, access)
      if (!outcome.ok) return outcome
      const { request, plan } = outcome.value
      // Saving needs credentials: an anonymous caller gets the table and nothing is stored.
      if (access === 'anonymous' || !request.isSavedVersion)
        return { ok: true, json: amortizationTableJson(plan.table) }
      return save(request, plan, idempotencyKey)
    },
  }
}

/** What the calculator's routes answer with and write to the operator's log. */
export interface CalculatorRouteParts {
  authenticate: Authenticator
  calculator: Calculator
  answers: ApiAnswers
  /** Writes a failure's cause to the log, with the request's id. */
  logFailure(c: Context, cause: string): void
}

/**
 * The calculator's routes under the API's base: the four POSTs, each registered here once (an authenticated
 * one passes the credentials' check before its body is read; every one reads a bounded JSON body), and loading
 * a saved version.
 */
export function calculatorRoutes(
  { authenticate, calculator, answers, logFailure }: CalculatorRouteParts,
  config: Config,
  store: VersionStore,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const auth = authGuard(authenticate, answers)
  const body = jsonBodyGuard(answers)
  const respond = (c: Context<AppEnv>, answer: CalculatorAnswer) => {
    if (answer.ok) return answers.body(c, 200, answer.json, JSON_CONTENT)
    if (answer.cause !== undefined) logFailure(c, answer.cause)
    return answers.problem(c, answer.problem, answer.headers)
  }
  const feeOptions = (access: Access) => (c: Context<AppEnv>) =>
    respond(c, calculator.feeOptions(c.get('body'), access))
  const frontCalculate = (access: Access) => async (c: Context<AppEnv>) =>
    respond(c, await calculator.frontCalculate(c.get('body'), access, headerOf(c, IDEMPOTENCY)))

  routes.post('/Calculator/CalculateFeeOptions', auth, body, feeOptions('authenticated'))
  routes.post('/Calculator/CalculateFeeOptionsAnonymous', body, feeOptions('anonymous'))
  routes.post('/Calculator/FrontCalculateFees', auth, body, frontCalculate('authenticated'))
  routes.post('/Calculator/FrontCalculateFeesAnonymous', body, frontCalculate('anonymous'))

  routes.get('/Calculator/feestable/:versionHashCode', auth, async (c) => {
    const saved = await store.findByHash(c.req.param('versionHashCode') ?? '')
    if (saved === null) return answers.problem(c, problem('version_not_found', 'No version has this hash.'))
    // Whether a loaded plan may be changed is this server's policy, not a stored fact.
    const answer: SavedFeesTable = {
      result: { ...saved.result, isModificable: config.editableSaved },
      tuitionInput: saved.tuitionInput,
      savedAt: saved.createdAt,
    }
    return answers.body(c, 200, JSON.stringify(answer), JSON_CONTENT)
  })

  return routes
}
