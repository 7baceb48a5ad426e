import type { Problem } from '../domain/types.ts'
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
