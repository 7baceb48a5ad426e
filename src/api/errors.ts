import type { Problem } from '../domain/types.ts'
import type { ResponseErrorCode } from './responses.ts'

/** Why a call failed, typed so the store can tell the host exactly what happened. */
export type ApiError =
  | { kind: 'http'; status: number; message: string; body: Problem | unknown }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  /** A successful status whose answer the response boundary refused: `field` names what was wrong. */
  | { kind: 'response'; status: number; code: ResponseErrorCode; field: string; message: string; body: unknown }

export function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'status' in body && 'title' in body
}
