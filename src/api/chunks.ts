import { defineChunk } from '../lazy/chunk.ts'

/**
 * The API layer's lazy chunks. Each is loaded once per page and shared by
 * every instance; a failure goes to the store, which reports it once
 * (console and toast).
 */

/**
 * The API client: ky (≈5 KB gzip) and the calls. The first figures do not
 * need it: until it has arrived a calculation goes with the browser's own
 * fetch and is read by the response boundary alone (responsesChunk). It is
 * preloaded when the browser is idle after the first figures, or loaded by
 * the first call that needs it (a save, a version by hash).
 */
export const httpChunk = defineChunk('http', () => import('./client.ts'))

/** The response boundary: what every answer is read through, the first calculation's included. */
export const responsesChunk = defineChunk('responses', () => import('./responses.ts'))
