/**
 * A type-level check, run by `tsc --noEmit`: the request and answer types of
 * types.ts, and the problem codes of problems.ts, must be exactly the schemas
 * of the reference API's OpenAPI document (openapi/openapi.json, turned into
 * openapi/openapi.d.ts by `npm run api:types`). If either side drifts, this
 * file stops compiling. Nothing here runs or ships.
 */
import type { components, operations } from '../openapi/openapi.d.ts'
import type { ProblemCode } from './problems.ts'
import type {
  AmortizationFee,
  AmortizationTable,
  FeesTableResult,
  FinancialType,
  Problem,
  ProblemField,
  SavedFeesTable,
  System,
  TuitionPayload,
} from './types.ts'

type Schemas = components['schemas']

/**
 * True only when A and B are the same type: the same members with the same
 * optionality. Mutual assignability would not do: `{ a?: string }` and `{}`
 * are assignable both ways.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false

/** Compiles only when its argument is `true`. */
type Assert<T extends true> = T

/** Answer body of an operation for a status, as application/json. */
type JsonAnswer<
  Op extends keyof operations,
  Status extends keyof operations[Op]['responses'],
> = operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never

/** Request body of an operation, as application/json. */
type JsonRequest<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } }
}
  ? Body
  : never

export type SchemaChecks = [
  Assert<Equal<System, Schemas['System']>>,
  Assert<Equal<FinancialType, Schemas['FinancialType']>>,
  Assert<Equal<TuitionPayload, Schemas['TuitionPayload']>>,
  Assert<Equal<FeesTableResult, Schemas['FeesTableResult']>>,
  Assert<Equal<AmortizationFee, Schemas['AmortizationFee']>>,
  Assert<Equal<AmortizationTable, Schemas['AmortizationTable']>>,
  Assert<Equal<SavedFeesTable, Schemas['SavedFeesTable']>>,
  Assert<Equal<ProblemField, Schemas['ProblemField']>>,
  Assert<Equal<Problem, Schemas['Problem']>>,
  Assert<Equal<ProblemCode, Schemas['ProblemCode']>>,
]

export type OperationChecks = [
  Assert<Equal<JsonRequest<'calculateFeeOptions'>, TuitionPayload>>,
  Assert<Equal<JsonRequest<'calculateFeeOptionsAnonymous'>, TuitionPayload>>,
  Assert<Equal<JsonRequest<'frontCalculateFees'>, TuitionPayload>>,
  Assert<Equal<JsonRequest<'frontCalculateFeesAnonymous'>, TuitionPayload>>,
  Assert<Equal<JsonAnswer<'calculateFeeOptions', 200>, FeesTableResult>>,
  Assert<Equal<JsonAnswer<'calculateFeeOptionsAnonymous', 200>, FeesTableResult>>,
  Assert<Equal<JsonAnswer<'frontCalculateFees', 200>, AmortizationTable>>,
  Assert<Equal<JsonAnswer<'frontCalculateFeesAnonymous', 200>, AmortizationTable>>,
  Assert<Equal<JsonAnswer<'getFeesTable', 200>, SavedFeesTable>>,
  Assert<Equal<JsonAnswer<'getVersionNumber', 200>, number>>,
]
