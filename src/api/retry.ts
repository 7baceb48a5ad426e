// Which failures are tried again and how long to wait: applied by ky, the engine of every call (ky.ts, a lazy chunk),
// and carried with it. A first try sent before ky has arrived is never tried again by itself: ky takes over its
// answer when it is not a success, and tries again by these rules.

/** A read or a save is tried again at most this often after a transient failure. */
export const RETRY_LIMIT = 2
/** The longest `Retry-After` honoured for one retry (a longer one is waited this long). */
export const MAX_RETRY_AFTER_MS = 5_000

/**
 * Reads (calculations, schedule previews, fees tables, version numbers) change nothing on the server, so a
 * transient failure is tried again: no answer, or an answer that says "later" (408, 429, 502, 503, 504),
 * honouring `Retry-After`. A time-out is not tried again (the student has waited long enough), nor any other
 * status, nor an answer the boundary refused.
 */
export const READ_RETRY = {
  limit: RETRY_LIMIT,
  methods: ['get', 'post'],
  statusCodes: [408, 429, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: MAX_RETRY_AFTER_MS,
  backoffLimit: MAX_RETRY_AFTER_MS,
}

/**
 * A save is tried again only where its answer may have been lost on the way back (no answer, or a gateway's
 * 502/503/504), and always with the same Idempotency-Key, so the server stores it once whatever the number of tries.
 */
export const SAVE_RETRY = { ...READ_RETRY, methods: ['post'], statusCodes: [502, 503, 504], afterStatusCodes: [503] }
