import { defineChunk } from '../lazy/chunk.ts'

/**
 * The API layer's lazy chunks. Each is loaded once per page and shared by
 * every instance; a failure goes to the store, which reports it once
 * (console and toast).
 */

/**
 * ky (≈5 KB gzip), the engine of every call (src/api/request.ts). The first figures do not need it: until it has
 * arrived a call's first try goes with the browser's own fetch, and a success is read by the response boundary
 * alone. It is preloaded when the browser is idle after that answer's figures, or loaded by the first call that
 * needs it (an answer that is not a success).
 */
export const httpChunk = defineChunk('http', () => import('./ky.ts'))

/** The response boundary: what every answer is read through, the first calculation's included. */
export const responsesChunk = defineChunk('responses', () => import('./responses.ts'))
