import { defineChunk } from '../lazy/chunk.ts'

/**
 * ky (≈5 KB gzip), the engine of every call (src/api/request.ts). The first figures do not need it: until it has
 * arrived a call's first try goes with the browser's own fetch, and a success is read by the response boundary
 * alone. It is preloaded when the browser is idle after that answer's figures, or loaded by the first call that
 * needs it (an answer that is not a success). The API layer's only lazy chunk.
 */
export const httpChunk = defineChunk('http', () => import('./ky.ts'))
