// The error the response boundary throws, in a module of its own: the boundary's readers (the client, the
// store's first calculation, the check-api command) need it without the lazy chunks that errors.ts names.
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
