/**
 * The calculator endpoints: fees table (as JSON, or as the widget's HTML for a server-side include), amortization
 * table (which may save a version), and loading a saved version.
 */
import { createHash } from 'node:crypto'
import {
  type AmortizationTable,
  ANONYMOUS_SYSTEMS,
  API_KEY_HEADER,
  AUTHORIZATION_HEADER,
  IDEMPOTENCY_HEADER,
  isAnonymousSystem,
  type Problem,
  type SavedFeesTable,
  type TuitionPayload,
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
import type { OwnRenderer } from './widget-renderer.ts'

/** A UUID is 36 characters; other clients' keys are accepted up to this length, printable ASCII only. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/** The Idempotency-Key header as Node names it (headerOf). */
const IDEMPOTENCY = IDEMPOTENCY_HEADER.toLowerCase() as Lowercase<string>
/** The headers of a calculator's answer beside the API's own. */
const JSON_CONTENT = { 'Content-Type': 'application/json' }
/** RenderFeeOptions' answer: the element's HTML, for a page to include as it is. */
const HTML_CONTENT = { 'Content-Type': 'text/html; charset=utf-8' }

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
  /** The tuition input a body stands for (as stored: without a token), if its fees table can be calculated, else the problem. */
  calculable(body: unknown, access: Access): Outcome<TuitionPayload>
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
    calculable(body, access) {
      const outcome = planFor(body, access)
      if (!outcome.ok) return outcome
      return { ok: true, value: storedPayload(outcome.value.request) }
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
  /** The widget's server renderer, for RenderFeeOptions. */
  renderer: OwnRenderer
  /** Writes a failure's cause to the log, with the request's id. */
  logFailure(c: Context, cause: string): void
}

/**
 * The calculator's routes under the API's base: the four POSTs, each registered here once (an authenticated
 * one passes the credentials' check before its body is read; every one reads a bounded JSON body), and loading
 * a saved version.
 */
export function calculatorRoutes(
  { authenticate, calculator, answers, logFailure, renderer }: CalculatorRouteParts,
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

  // The body is the element's tuition input: the problems a calculation of it would get are answered here; its figures
  // are then those the widget gets for it (its own body and endpoint), asked with the caller's own credentials.
  const renderFeeOptions = (access: Access) => async (c: Context<AppEnv>) => {
    const settings = renderSettings(c.req.query())
    if (!settings.ok) return answers.problem(c, settings.problem)
    const input = calculator.calculable(c.get('body'), access)
    if (!input.ok) return answers.problem(c, input.problem)
    const credentials = Object.fromEntries(
      [AUTHORIZATION_HEADER, API_KEY_HEADER].flatMap((name) => {
        const value = c.req.header(name)
        return value === undefined ? [] : [[name, value]]
      }),
    )
    const html = await renderer.render({ ...settings.value, tuitionInput: input.value }, { headers: credentials })
    if (html === null) {
      logFailure(c, 'RenderFeeOptions needs the widget build (server.js in FEES_DIST_DIR): run `npm run build`.')
      return answers.problem(c, problem('internal_error', 'The calculator could not be rendered.'))
    }
    return answers.body(c, 200, html, HTML_CONTENT)
  }

  routes.post('/Calculator/CalculateFeeOptions', auth, body, feeOptions('authenticated'))
  routes.post('/Calculator/CalculateFeeOptionsAnonymous', body, feeOptions('anonymous'))
  routes.post('/Calculator/RenderFeeOptions', auth, body, renderFeeOptions('authenticated'))
  routes.post('/Calculator/RenderFeeOptionsAnonymous', body, renderFeeOptions('anonymous'))
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

/** How RenderFeeOptions' element is set up, by query parameters named as its attributes. */
export interface RenderSettings {
  lang?: string
  showHeader?: boolean
  showFooter?: boolean
  colorScheme?: string
  apiBase?: string
}

/** A language tag as BCP 47 writes one: letters and digits, `-` between subtags. */
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/
/** An API root: absolute http(s), or a path of the page's own origin. */
const API_BASE_TEXT = /^(https?:\/\/[^\s"<>]+|\/[^\s"<>]*)$/

/**
 * RenderFeeOptions' query: `lang`, `show-header` and `show-footer` (`true` or `false`), `color-scheme` (`light` or
 * `dark`), `api-base` (the API root the element calls from the browser). Anything else is refused, with every
 * wrong parameter named.
 */
export function renderSettings(query: Record<string, string>): Outcome<RenderSettings> {
  const settings: RenderSettings = {}
  const errors: { field: string; message: string }[] = []
  const flag = (name: string) => {
    const value = query[name]
    if (value === 'true' || value === 'false') return value === 'true'
    errors.push({ field: name, message: 'must be true or false' })
    return undefined
  }
  for (const [name, value] of Object.entries(query)) {
    if (name === 'lang') {
      if (value === '' || LANGUAGE_TAG.test(value)) settings.lang = value
      else errors.push({ field: name, message: 'must be a language tag, such as es or ca-ES' })
    } else if (name === 'show-header') settings.showHeader = flag(name)
    else if (name === 'show-footer') settings.showFooter = flag(name)
    else if (name === 'color-scheme') {
      if (value === 'light' || value === 'dark') settings.colorScheme = value
      else errors.push({ field: name, message: 'must be light or dark' })
    } else if (name === 'api-base') {
      if (value.length <= 2048 && API_BASE_TEXT.test(value)) settings.apiBase = value
      else errors.push({ field: name, message: 'must be an http(s) URL or a path, at most 2048 characters' })
    } else errors.push({ field: name, message: 'is not a parameter of this endpoint' })
  }
  if (errors.length === 0) return { ok: true, value: settings }
  const fields = errors.map((error) => error.field).join(', ')
  return { ok: false, problem: problem('validation_failed', `Invalid query parameters: ${fields}.`, errors) }
}
