// The error the response boundary throws (errors.ts tells it apart), in a module of its own: the check-api
// command bundles the boundary, and must not reach the widget's lazy chunks, which errors.ts names.
import type { ResponseProblem } from './responses.ts'

/** An answer arrived with a success status but the response boundary refused it. */
export class ResponseError extends Error {
  override name = 'ResponseError'
  constructor(
    readonly status: number,
    readonly problem: ResponseProblem,
  ) {
    super(problem.message)
  }
}
