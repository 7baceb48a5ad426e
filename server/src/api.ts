/**
 * Everything under /api/v1: the guards every request passes, the calculator,
 * the version number, health and the OpenAPI document.
 */
import { Hono } from 'hono'
import type { Authenticator } from './auth.ts'
import { type Calculator, calculatorRoutes } from './calculator.ts'
import type { Config } from './config.ts'
import { fixedText } from './encoding.ts'
import { type ApiEnv, answerHeaders, authGuard, xsrfGuard } from './guards.ts'
import { OPENAPI_TEXT } from './openapi-document.ts'
import { problem, problemResponse, RETRY_AFTER_S } from './problem.ts'
import type { VersionStore } from './store/types.ts'

export const API_BASE = '/api/v1'

/**
 * The middleware every request under API_BASE passes, in order, and what the hot paths (hot-routes.ts), which
 * answer the calculator's POSTs without Hono, do in its place. A middleware added to apiRoutes must be named here
 * (server/test/api/hot-routes.test.ts counts them), and so be decided for the hot paths too.
 */
export const API_MIDDLEWARE = {
  answerHeaders: 'the same headers, from apiAnswerHeaders',
  xsrfGuard: 'a request with a cookie is left to Hono',
} as const

export function apiRoutes(
  config: Config,
  store: VersionStore,
  allowedOrigins: () => readonly string[],
  parts: { authenticate: Authenticator; calculator: Calculator },
): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>()
  const openApiDocument = fixedText(OPENAPI_TEXT)
  // API_MIDDLEWARE, in its order.
  api.use('*', answerHeaders(allowedOrigins))
  api.use('*', xsrfGuard())

  api.get('/health', async (c) => {
    if (!(await store.isHealthy())) {
      return problemResponse(problem('database_unavailable', 'The database does not answer.'), {
        'Retry-After': RETRY_AFTER_S,
      })
    }
    return c.json({ status: 'ok' })
  })

  api.get('/openapi.json', (c) => {
    const answer = openApiDocument(c.req.header('Accept-Encoding'), c.req.header('If-None-Match'))
    c.header('Cache-Control', 'no-cache')
    if (answer.status === 304) return c.body(null, 304, answer.headers)
    return c.body(answer.body, 200, { 'Content-Type': 'application/json', ...answer.headers })
  })

  api.get('/Version/Number', authGuard(parts.authenticate), async (c) => {
    const hash = c.req.query('versionHashCode')
    const contractId = c.req.query('contractid')
    const errors = [
      ...(hash ? [] : [{ field: 'versionHashCode', message: 'is required' }]),
      ...(contractId ? [] : [{ field: 'contractid', message: 'is required' }]),
    ]
    if (hash === undefined || contractId === undefined || errors.length > 0) {
      const fields = errors.map((error) => error.field).join(', ')
      return problemResponse(problem('validation_failed', `Invalid or missing query parameters: ${fields}.`, errors))
    }
    const number = await store.numberOf(hash, contractId)
    if (number === null)
      return problemResponse(problem('version_not_found', 'No version has this hash for this contract id.'))
    return c.json(number)
  })

  api.route('/', calculatorRoutes(parts, config, store))

  api.all('*', (c) => problemResponse(problem('not_found', `Nothing answers ${c.req.method} ${c.req.path}.`)))
  return api
}
