/**
 * The data of the fees calculator: the tuition input, the answers of the API
 * and its problems (docs/rules.md). The same shapes as the OpenAPI document
 * (openapi/openapi.json; openapi.check.ts holds them equal), for the element and
 * the reference API alike. Money travels as JSON numbers with at most two
 * decimals; it is computed in exact cents on the server.
 */

/** The system an enrolment comes from. */
export const System = {
  Salesforce: 1,
  Manager: 2,
  ErpCom: 3,
  Financial: 4,
  Cpq: 5,
  NuevoDora: 6,
  ErpComAgent: 7,
} as const
export type System = (typeof System)[keyof typeof System]

/** Financing (0) spreads the final amount; refinancing (1) spreads the amount to refinance less a partial payment. */
export const FinancialType = {
  Financing: 0,
  Refinancing: 1,
} as const
export type FinancialType = (typeof FinancialType)[keyof typeof FinancialType]

/** The tuition input, given by the host page (embedded mode) or stored with a saved version. */
export interface TuitionInput {
  /** ISO 4217 code; default USD. */
  currency?: string | null
  /** First payment date: `YYYY-MM-DD` or an ISO date-time (taken as UTC). */
  dateOfPayment: string
  /** Chosen number of monthly fees; missing or 0 means the minimum. */
  numberOfFees?: number | null
  /** Financing: the amount to finance. */
  finalAmount?: number | null
  /** Refinancing: paid up front; blank means 0. */
  partialPayment?: number | null
  /** Refinancing: the amount to refinance before the partial payment. */
  amountToRefinance?: number | null
  system: System
  financialType: FinancialType
  /** A language tag whose primary subtag is one of LANGUAGES (any case); default `es`. */
  language?: string | null
  /** Bearer token of embedded mode; never sent in a body. */
  token?: string | null
  /** Name of the study programme, shown as the title. */
  studyIdName?: string | null
  /** The enrolment id. */
  contractId?: string | null
  /** Hash of the version this plan was copied from. */
  linkedVersionIdentifier?: string | null
  isSavedVersion?: boolean | null
  isFrontEndVersionCopy?: boolean | null
}

/** The tuition input as it is sent in a request body: never a token. */
export type TuitionPayload = Omit<TuitionInput, 'token'>

/** The fees table: answer of `CalculateFeeOptions` (docs/rules.md#money). */
export interface FeesTableResult {
  /** Number of fees of this plan (n). */
  totalFees: number
  /** Monthly fee. */
  feeAmount: number
  /** `YYYY-MM-DD`. */
  firstPaymentDate: string
  minFees: number
  maxFees: number
  /** A: the amount spread over the fees. */
  amountToFinance: number
  /** finalAmount (financing) or amountToRefinance (refinancing). */
  initialAmount: number
  partialPayment: number
  /** Financing cost: the sum of the interest of every fee. */
  interests: number
  /** Total to pay: the sum of every fee (A + interests). */
  finalFee: number
  financeType: FinancialType
  /** Whether the user may change the plan. */
  isModificable: boolean
  /** Nominal annual rate as a fraction (0.0595 = 5.95 %). */
  tin: number
  /**
   * Annual percentage rate (APR) as a fraction, rounded half-up to 6 decimals: the rate X for which
   * the amount lent on the day of the calculation equals the fees discounted from their due dates,
   * Σ fee_k · (1+X)^−(days_k/365) = amountToFinance (EU consumer credit directive, Annex I).
   */
  tae: number
  /** ISO 4217 code the amounts are in. */
  currency: string
}

/** One row of the amortization schedule. */
export interface AmortizationFee {
  /** 1..n */
  number: number
  /** `YYYY-MM-DD` */
  dueDate: string
  fee: number
  interest: number
  principal: number
  /** Outstanding principal after this fee. */
  balance: number
}

/** Answer of `FrontCalculateFees`: the dated schedule, and the saved version when it saved one. */
export interface AmortizationTable {
  /** Hash of the version saved by this call; null when nothing was saved. */
  versionHashCode: string | null
  /** Number of that version within its contract; null when nothing was saved. */
  versionNumber: number | null
  currency: string
  fees: AmortizationFee[]
  totals: {
    amountToFinance: number
    interests: number
    finalFee: number
  }
}

/** Answer of `GET /Calculator/feestable/{versionHashCode}`. */
export interface SavedFeesTable {
  result: FeesTableResult
  tuitionInput: TuitionPayload
  /** When the version was saved, as an ISO date-time (UTC); an API that does not send it leaves it out. */
  savedAt?: string
}

/** One failing field of a validation problem. */
export interface ProblemField {
  /** The field's name in the request body, e.g. `numberOfFees`. */
  field: string
  message: string
}

/** An RFC 9457 problem body, as every API error answers. */
export interface Problem {
  type: string
  title: string
  status: number
  /**
   * Stable, machine-readable, e.g. `validation_failed`: one of ProblemCode from the reference API, any text from
   * another backend.
   */
  code: string
  detail: string
  errors?: ProblemField[]
  /** The request's id (the answer's X-Request-Id): what to quote to the API's operators about a failure. */
  requestId?: string
}
