/**
 * The calculator's answers as JSON text, written by serializers that
 * fast-json-stringify compiles from the OpenAPI document's own schemas. They
 * write the same text as JSON.stringify for every answer the calculator makes
 * (answer-serialisers.test.ts), about five times quicker on these shapes (JSON.stringify
 * was the largest single cost of a calculation served), and an answer cannot
 * carry a field its schema does not name.
 */

import type { AmortizationTable, FeesTableResult } from '@fees-calculator/contract'
import fastJson, { type ObjectSchema } from 'fast-json-stringify'
import { OPENAPI_COMPONENTS } from './openapi-document.ts'

/** The schema `name` with the components its references point into. */
const schema = (name: string): ObjectSchema =>
  ({ ...(OPENAPI_COMPONENTS.schemas[name] as ObjectSchema), components: OPENAPI_COMPONENTS }) as ObjectSchema

/** CalculateFeeOptions' answer. */
export const feesTableJson: (result: FeesTableResult) => string = fastJson(schema('FeesTableResult'))
/** FrontCalculateFees' answer, saved or not. */
export const amortizationTableJson: (table: AmortizationTable) => string = fastJson(schema('AmortizationTable'))
