/**
 * Every problem code the reference API answers, with its HTTP status: the one list the server's problems, the
 * OpenAPI document's ProblemCode enum and the widget's words are held to (test/package/contract.test.ts). A
 * code is the stable part a client switches on; a problem's `detail` is for people and may be reworded.
 */
export const PROBLEM_STATUSES = {
  malformed_json: 400,
  validation_failed: 400,
  invalid_idempotency_key: 400,
  missing_credentials: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_api_key: 401,
  system_not_allowed: 403,
  xsrf_mismatch: 403,
  version_not_found: 404,
  not_found: 404,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unknown_currency: 422,
  amount_too_large: 422,
  negative_amount: 422,
  partial_payment_exceeds_amount: 422,
  amount_not_positive: 422,
  fee_count_out_of_range: 422,
  amount_too_small: 422,
  idempotency_key_reused: 422,
  internal_error: 500,
  database_unavailable: 503,
} as const satisfies Record<string, number>

export type ProblemCode = keyof typeof PROBLEM_STATUSES

/** Every code, in the order above. */
export const PROBLEM_CODES = Object.keys(PROBLEM_STATUSES) as ProblemCode[]

/** Whether a problem's code is one the reference API answers (another backend may send others). */
export function isProblemCode(code: unknown): code is ProblemCode {
  return typeof code === 'string' && Object.hasOwn(PROBLEM_STATUSES, code)
}
