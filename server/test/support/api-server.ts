/**
 * The API tests' harness: the reference server (reference-server.ts)
 * with the API tests' environment, payloads, and a client that checks every
 * answer against openapi.json.
 */

import type { TuitionPayload } from '@fees-calculator/contract'
import type { AppOptions } from '../../src/app.ts'
import { mintToken } from '../../src/auth.ts'
import { expectDocumented, expectProblem, openapi } from './openapi.ts'
import { type ReferenceServer, startReferenceServer, TEST_JWT_SECRET } from './reference-server.ts'

export const API_KEY = 'test-api-key'
export const JWT_SECRET = TEST_JWT_SECRET
export const ALLOWED_ORIGIN = 'https://portal.example'
/**
 * The test server's "now": the drawdown day of every APR it states, one month
 * before the first payment of `financing()`, so the figures never depend on the day the tests run.
 */
export const TEST_NOW = new Date('2025-12-31T09:30:00Z')

/** The reference server as the API tests start it: API key, one allowed origin, and TEST_NOW as its clock. */
export type TestServer = ReferenceServer

export function startTestServer(
  env: Record<string, string> = {},
  options: AppOptions & { dir?: string } = {},
): Promise<TestServer> {
  return startReferenceServer(
    { FEES_API_KEY: API_KEY, FEES_CORS_ORIGINS: ALLOWED_ORIGIN, ...env },
    { clock: () => TEST_NOW, ...options },
  )
}

/** A valid financing payload: 6000 EUR over 12 fees from 31 January 2026. */
export function financing(overrides: Record<string, unknown> = {}): TuitionPayload & Record<string, unknown> {
  return {
    currency: 'EUR',
    dateOfPayment: '2026-01-31',
    numberOfFees: 12,
    finalAmount: 6000,
    system: 1,
    financialType: 0,
    language: 'es',
    studyIdName: 'Grado en Ingeniería Informática',
    contractId: 'C-2026-0001',
    ...overrides,
  }
}

/** A valid refinancing payload from the Manager system: 6000 − 1000 paid up front. */
export function refinancing(overrides: Record<string, unknown> = {}): TuitionPayload & Record<string, unknown> {
  return financing({
    finalAmount: null,
    amountToRefinance: 6000,
    partialPayment: 1000,
    financialType: 1,
    system: 2,
    ...overrides,
  })
}

export const bearer = async (ttlSeconds = 600, secret = JWT_SECRET) => `Bearer ${await mintToken(secret, ttlSeconds)}`

export interface Answer<T = unknown> {
  status: number
  headers: Headers
  body: T
}

interface CallOptions {
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown
  headers?: Record<string, string>
  /** Path parameters of the documented path. */
  params?: Record<string, string>
  query?: Record<string, string>
}

/**
 * Calls `method documentedPath` and checks the answer against openapi.json.
 * The call carries the API key (and a JSON body type when there is a body)
 * unless `headers` overrides them; a header given as '' is not sent.
 */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  documentedPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  let path = documentedPath
  for (const [name, value] of Object.entries(options.params ?? {}))
    path = path.replace(`{${name}}`, encodeURIComponent(value))
  const query = options.query === undefined ? '' : `?${new URLSearchParams(options.query).toString()}`
  const headers: Record<string, string> = {
    'X-Api-Key': API_KEY,
    ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...options.headers,
  }
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name]
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body)
  const response = await fetch(`${server.api}${path}${query}`, { method, headers, body })
  const text = await response.text()
  const contentType = response.headers.get('Content-Type')
  // JSON answers read as JSON, an HTML one (RenderFeeOptions) as its text.
  const parsed = text === '' ? undefined : ((/json/.test(contentType ?? '') ? JSON.parse(text) : text) as T)
  if (documentedPath in openapi.paths) expectDocumented(documentedPath, method, response.status, contentType, parsed)
  else expectProblem(parsed, contentType)
  return { status: response.status, headers: response.headers, body: parsed as T }
}
