/**
 * The data of the fees calculator (the tuition input, the answers of the API and its problems), as the widget
 * and the reference API agree on them: defined once, in the contract package both import, and taken from there.
 */
export type * from '@fees-calculator/contract'
export { FinancialType, System } from '@fees-calculator/contract'
