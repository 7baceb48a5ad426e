/**
 * Every error the API answers, as RFC 9457 problem details. The `code` is the
 * stable, machine-readable part an integrator switches on; `detail` is for
 * people and may be reworded.
 */

import { PROBLEM_STATUSES, type Problem, type ProblemCode, type ProblemField } from '@fees-calculator/contract'
import type { Context } from 'hono'
import { requestIdOf } from './request-context.ts'
import { StoreUnavailableError } from './store/types.ts'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'
/** Seconds a client should wait before retrying when the database does not answer (503). */
export const RETRY_AFTER_S = '1'

/**
 * The title of each code the API answers (the same for every occurrence); which codes there are, and their
 * statuses, is the contract's (PROBLEM_STATUSES): a code with no title here, or a title of no code, does not compile.
 */
export const PROBLEM_TITLES = {
  malformed_json: 'The body is not valid JSON',
  validation_failed: 'The request has invalid or missing fields',
  missing_credentials: 'Credentials are required',
  invalid_token: 'The bearer token is not valid',
  token_expired: 'The bearer token has expired',
  invalid_api_key: 'The API key is not valid',
  system_not_allowed: 'This system may not use the anonymous endpoints',
  xsrf_mismatch: 'The XSRF token header does not match its cookie',
  version_not_found: 'No such version',
  not_found: 'No such resource',
  payload_too_large: 'The body is too large',
  unsupported_media_type: 'The body must be application/json',
  unknown_currency: 'Unknown currency code',
  amount_too_large: 'An amount is over the maximum',
  negative_amount: 'An amount is negative',
  partial_payment_exceeds_amount: 'The partial payment is larger than the amount',
  amount_not_positive: 'There is nothing to finance',
  fee_count_out_of_range: 'The number of fees is out of range',
  amount_too_small: 'The amount is too small for this number of fees',
  invalid_idempotency_key: 'The Idempotency-Key header is not valid',
  idempotency_key_reused: 'The Idempotency-Key was used for another request',
  internal_error: 'Unexpected error',
  database_unavailable: 'The database does not answer',
} as const satisfies Record<ProblemCode, string>

export type { ProblemCode }

/**
 * A tag URI names each problem type: RFC 9457 §3.1.1 suggests one when the
 * type is not meant to be dereferenced; API.md documents every code.
 */
export function problemType(code: ProblemCode): string {
  return `tag:fees-calculator,2026:problem:${code}`
}

export function problem(code: ProblemCode, detail: string, errors?: ProblemField[]): Problem {
  const body: Problem = {
    type: problemType(code),
    title: PROBLEM_TITLES[code],
    status: PROBLEM_STATUSES[code],
    code,
    detail,
  }
  if (errors !== undefined && errors.length > 0) body.errors = errors
  return body
}

/** A problem's JSON body, carrying the id of the request it answers (what a student quotes to the API's operators). */
export function problemJson(body: Problem, requestId: string): string {
  return JSON.stringify({ ...body, requestId })
}

/** A problem as a page's answer (the API's go through its answers, guards.ts, for its headers); `headers` add to it. */
export function problemResponse(c: Context, body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(problemJson(body, requestIdOf(c)), {
    status: body.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store', ...headers },
  })
}

/**
 * The answer to an error nothing else caught: 503 when the database does not answer, 500 otherwise, and the
 * line for the operator's log (its cause's message, never a stack, a request's headers or its body: they carry
 * credentials and students' data). Never the cause in the answer.
 */
export function unexpectedErrorProblem(error: unknown): {
  problem: Problem
  headers: Record<string, string>
  cause: string
} {
  const cause = error instanceof Error ? error.message : String(error)
  if (error instanceof StoreUnavailableError) {
    return {
      problem: problem('database_unavailable', 'The database does not answer; try again.'),
      headers: { 'Retry-After': RETRY_AFTER_S },
      cause,
    }
  }
  return { problem: problem('internal_error', 'The server could not answer this request.'), headers: {}, cause }
}
