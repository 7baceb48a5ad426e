// How a failed call is told apart: what ky, fetch and the response boundary throw, as one typed error.

import type { Problem } from '../domain/types.ts'
import { ResponseError } from './response-error.ts'
import type { ResponseProblem } from './responses.ts'

/** Why a call failed, typed so the store can tell the host exactly what happened. */
export type ApiError =
  | { kind: 'http'; status: number; message: string; body: Problem | unknown }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  /** A success status whose body the response boundary refused. */
  | ({ kind: 'response'; status: number } & ResponseProblem)

export function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'status' in body && 'title' in body
}

/** Thrown as is when a call was cancelled by a newer one: not an error to report. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** ky's HTTPError, by name, not instanceof: ky is a lazy chunk. */
interface HttpError extends Error {
  response: Response
}
const isHttpError = (error: unknown): error is HttpError =>
  error instanceof Error && error.name === 'HTTPError' && 'response' in error
// The call's deadline (a DOMException TimeoutError) and ky's own TimeoutError alike.
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError'

/**
 * Turns what ky or fetch throws into an ApiError; rethrows aborts. Anything
 * else means no answer arrived, the client's own chunk failing to load included.
 */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ResponseError) return { kind: 'response', status: error.status, ...error.problem }
  if (isHttpError(error)) {
    const text = await error.response.text().catch(() => '')
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      // a body that is not JSON is passed on as text
    }
    return { kind: 'http', status: error.response.status, message: error.message, body }
  }
  if (isTimeout(error)) return { kind: 'timeout', message: (error as Error).message }
  if (isAbort(error)) throw error
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) }
}
