/**
 * The wire's names and limits: what a request carries beside its body, which systems may call without
 * credentials, and the largest amount and fee count either side accepts.
 */
import { System } from './types.ts'

/** The bearer token of embedded mode travels in this header, as `Bearer <token>`. */
export const AUTHORIZATION_HEADER = 'Authorization'
/** The static key of hash mode travels in this header. */
export const API_KEY_HEADER = 'X-Api-Key'
/** Sent with every save: the same save sent again (its answer lost) is stored once and answered alike. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/**
 * Angular's double-submit convention, which the university's API follows: the value of this cookie goes back in
 * XSRF_HEADER. The widget sends it only to a relative API root; a server refuses a header that differs from the
 * cookie, never a request that sends none (the API authenticates with a bearer token or a key, not a cookie).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'X-XSRF-TOKEN'
/** A request's id, sent by a host or a proxy (1–64 letters, digits, `.`, `_`, `:`, `-`) and always answered. */
export const REQUEST_ID_HEADER = 'X-Request-Id'
/**
 * The headers the widget sends (bearer token, API key, XSRF token, a save's Idempotency-Key, JSON): a server's
 * preflight must allow each of them on a cross-origin call.
 */
export const WIDGET_REQUEST_HEADERS = [
  AUTHORIZATION_HEADER,
  API_KEY_HEADER,
  XSRF_HEADER,
  IDEMPOTENCY_HEADER,
  'Content-Type',
  'Accept',
] as const
/** The reference server's static key until FEES_API_KEY names another, and the widget's until the build does. */
export const DEMO_API_KEY = 'demo-api-key'

/** Whether a value is one of the systems, 1 to 7. */
export function isKnownSystem(value: unknown): value is System {
  return (Object.values(System) as unknown[]).includes(value)
}

/**
 * ErpCom and ErpComAgent: in embedded mode they call the Anonymous endpoints, with no credentials; a server
 * refuses any other system there (403 system_not_allowed).
 */
export const ANONYMOUS_SYSTEMS = [3, 7] as const satisfies readonly (typeof System.ErpCom | typeof System.ErpComAgent)[]

/** Whether a system's embedded calls go to the Anonymous endpoints. */
export function isAnonymousSystem(system: number): boolean {
  return system === 3 || system === 7
}

/** The largest amount either side accepts; the reference API refuses larger ones (422 amount_too_large). */
export const MAX_AMOUNT = 10_000_000

/** The most fees a plan may have (50 years of monthly fees): the reference API's configuration and the widget's reading of answers stop here. */
export const MAX_FEE_COUNT = 600
