// The error the response boundary throws (errors.ts tells it apart), in a module of its own: the check-api
// command bundles the boundary, and must not reach the widget's lazy chunks, which errors.ts names.

/** What was wrong with an answer: `invalid_date` for a date that cannot be read as UTC, `invalid_response` otherwise. */
export interface ResponseProblem {
  code: 'invalid_response' | 'invalid_date'
  /** Where, as a path into the answer: `firstPaymentDate`, `fees[3].dueDate`, `(body)`. */
  field: string
  message: string
}

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
