// The public surface of the npm package: nothing else is public.

export type { FeesCalculatorJsxProps } from './define.ts'
export { defineFeesCalculator } from './define.ts'
export type { Lender } from './domain/lender.ts'
export type { TuitionError, TuitionErrorCode } from './domain/tuition.ts'
export { INVALID_DATE_MESSAGE } from './domain/tuition.ts'
export type {
  AmortizationFee,
  AmortizationTable,
  FeesTableResult,
  Problem,
  ProblemField,
  SavedFeesTable,
  TuitionInput,
  TuitionPayload,
} from './domain/types.ts'
export { FinancialType, System } from './domain/types.ts'
export { FeesCalculatorElement } from './element.ts'
export type {
  CalculationResultReceivedDetail,
  FeeOptionSelectedDetail,
  FeesCalculatorEventMap,
  FeesCalculatorEventName,
  InvalidTuitionDetail,
  PlanDownloadDetail,
  PlanShareDetail,
  RequestFailure,
  SavedPlanDetail,
  VersionReference,
} from './events.ts'
export type { FeesCalculatorProps } from './ui/FeesCalculator.tsx'
export { FeesCalculator } from './ui/FeesCalculator.tsx'
export type { FeesCalculatorMessageId, FeesCalculatorMessages } from './ui/replaceable-words.ts'
