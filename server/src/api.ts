/**
 * Everything under /api/v1: the XSRF check every request passes, the calculator,
 * the version number, health and the OpenAPI document. Every answer goes through
 * the API's answers (guards.ts), so each carries the same headers.
 */
import { Hono } from 'hono'
import { type CalculatorRouteParts, calculatorRoutes } from './calculator.ts'
import { fixedText } from './compression.ts'
import type { Config } from './config.ts'
import { authGuard, xsrfGuard } from './guards.ts'
import { OPENAPI_TEXT } from './openapi-document.ts'
import { problem, RETRY_AFTER_S } from './problem.ts'
import type { AppEnv } from './request-context.ts'
import type { VersionStore } from './store/types.ts'

export const API_BASE = '/api/v1'

export function apiRoutes(config: Config, store: VersionStore, parts: CalculatorRouteParts): Hono<AppEnv> {
  const { answers } = parts
  const api = new Hono<AppEnv>()
  const openApiDocument = fixedText(OPENAPI_TEXT)
  // A preflight answers for any path of the API, before any check: the browser sends it without credentials.
  api.options('*', (c) =>
    c.req.header('Access-Control-Request-Method') === undefined
      ? answers.problem(c, problem('not_found', `Nothing answers OPTIONS ${c.req.path}.`))
      : answers.preflight(c),
  )
  api.use('*', xsrfGuard(answers))

  api.get('/health', async (c) => {
    if (!(await store.isHealthy())) {
      return answers.problem(c, problem('database_unavailable', 'The database does not answer.'), {
        'Retry-After': RETRY_AFTER_S,
      })
    }
    return answers.body(c, 200, '{"status":"ok"}', { 'Content-Type': 'application/json' })
  })

  api.get('/openapi.json', (c) => {
    const answer = openApiDocument(c.req.header('Accept-Encoding'), c.req.header('If-None-Match'))
    const cache = { 'Cache-Control': 'no-cache' }
    if (answer.status === 304) return answers.body(c, 304, null, { ...cache, ...answer.headers })
    return answers.body(c, 200, answer.body, { 'Content-Type': 'application/json', ...cache, ...answer.headers })
  })

  api.get('/Version/Number', authGuard(parts.authenticate, answers), async (c) => {
    const hash = c.req.query('versionHashCode')
    const contractId = c.req.query('contractid')
    const errors = [
      ...(hash ? [] : [{ field: 'versionHashCode', message: 'is required' }]),
      ...(contractId ? [] : [{ field: 'contractid', message: 'is required' }]),
    ]
    if (hash === undefined || contractId === undefined || errors.length > 0) {
      const fields = errors.map((error) => error.field).join(', ')
      return answers.problem(c, problem('validation_failed', `Invalid or missing query parameters: ${fields}.`, errors))
    }
    const number = await store.numberOf(hash, contractId)
    if (number === null)
      return answers.problem(c, problem('version_not_found', 'No version has this hash for this contract id.'))
    return answers.body(c, 200, String(number), { 'Content-Type': 'application/json' })
  })

  api.route('/', calculatorRoutes(parts, config, store))
  return api
}
