// What the widget and the reference API agree on: imported by this package's name on both sides.

export { daysInMonth, isCalendarDay, toIsoDate } from './dates.ts'
export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts'
export { isProblemCode, PROBLEM_CODES, PROBLEM_STATUSES, type ProblemCode } from './problems.ts'
export * from './types.ts'
export {
  ANONYMOUS_SYSTEMS,
  API_KEY_HEADER,
  AUTHORIZATION_HEADER,
  DEMO_API_KEY,
  IDEMPOTENCY_HEADER,
  isAnonymousSystem,
  isKnownSystem,
  MAX_AMOUNT,
  MAX_FEE_COUNT,
  REQUEST_ID_HEADER,
  WIDGET_REQUEST_HEADERS,
  XSRF_COOKIE,
  XSRF_HEADER,
} from './wire.ts'
