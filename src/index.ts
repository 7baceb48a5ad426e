// The public surface of the npm package: nothing else is public.
export { FeesCalculator } from './ui/FeesCalculator.tsx'
export type { FeesCalculatorProps } from './ui/FeesCalculator.tsx'
export { FeesCalculatorElement } from './element.ts'
export { defineFeesCalculator } from './define.ts'
export type { FeesCalculatorJsxProps } from './define.ts'
export { System, FinancialType } from './domain/types.ts'
export type {
  TuitionInput,
  TuitionPayload,
  FeesTableResult,
  AmortizationFee,
  AmortizationTable,
  SavedFeesTable,
  Problem,
  ProblemField,
} from './domain/types.ts'
export { INVALID_DATE_MESSAGE } from './domain/tuition.ts'
export type { TuitionError, TuitionErrorCode } from './domain/tuition.ts'
export type {
  RequestFailure,
  CalculationResultReceivedDetail,
  InvalidTuitionDetail,
  FeeOptionSelectedDetail,
  PlanDownloadDetail,
  FeesCalculatorEventMap,
  FeesCalculatorEventName,
} from './events.ts'
