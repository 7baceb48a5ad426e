import { addMonthsClamped } from '../../server/src/dates.ts'
import type { AmortizationTable, FeesTableResult, TuitionInput, TuitionPayload } from '../../src/domain/types.ts'

/** A valid embedded-mode tuition input: 6000 EUR financed by the Manager system. */
export function tuitionInput(overrides: Partial<TuitionInput> = {}): TuitionInput {
  return {
    currency: 'EUR',
    dateOfPayment: '2027-01-05',
    finalAmount: 6000,
    system: 2,
    financialType: 0,
    language: 'en',
    token: 'tok-1',
    contractId: 'C-1',
    ...overrides,
  }
}

/**
 * A stand-in fees table whose figures follow the request (fee = amount / n, no
 * interest), so a test can tell which request an answer belongs to. The real
 * money is the reference API's, tested on its own.
 */
export function standInFeesTable(body: TuitionPayload, overrides: Partial<FeesTableResult> = {}): FeesTableResult {
  const minFees = overrides.minFees ?? 12
  const n = body.numberOfFees || minFees
  const amount = body.finalAmount ?? body.amountToRefinance ?? 0
  return {
    totalFees: n,
    feeAmount: Math.round((amount / n) * 100) / 100,
    firstPaymentDate: body.dateOfPayment,
    minFees,
    maxFees: 24,
    amountToFinance: amount,
    initialAmount: amount,
    partialPayment: body.partialPayment ?? 0,
    interests: 0,
    finalFee: amount,
    financeType: body.financialType,
    isModificable: true,
    tin: 0,
    tae: 0,
    currency: body.currency ?? 'USD',
    ...overrides,
  }
}

/** The stand-in schedule of a stand-in fees table: equal fees, no interest, monthly due dates. */
export function standInAmortization(body: TuitionPayload, versionHashCode: string | null = null): AmortizationTable {
  const table = standInFeesTable(body)
  const fees = Array.from({ length: table.totalFees }, (_, k) => ({
    number: k + 1,
    dueDate: addMonthsClamped(table.firstPaymentDate, k),
    fee: table.feeAmount,
    interest: 0,
    principal: table.feeAmount,
    balance: Math.max(0, Math.round((table.amountToFinance - table.feeAmount * (k + 1)) * 100) / 100),
  }))
  return {
    versionHashCode,
    versionNumber: versionHashCode ? 1 : null,
    currency: table.currency,
    fees,
    totals: { amountToFinance: table.amountToFinance, interests: 0, finalFee: table.finalFee },
  }
}

/**
 * A page that opens a saved plan by its hash in the browser, as an embed does, for the tests of hash mode's own calls
 * (the app's `/fees/<hash>` comes with its card rendered on the server, and makes none): the saved input's language.
 */
export function hashModePage(versionHashCode: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8" /><script type="module" src="/dist/fees-calculator.js"></script></head><body><main><fees-calculator version-hash-code="${versionHashCode}" lang=""></fees-calculator></main></body></html>`
}

/** The error body the tests make the API answer with when they force a failure. */
export const UNAVAILABLE = {
  type: 'about:blank',
  title: 'Service unavailable',
  status: 503,
  code: 'unavailable',
  detail: 'Try again later.',
}

/** An answer of the page server's (test/support/page-server.ts): the problem above, with the given status. */
export const problemReply = (status = 503) => ({
  status,
  contentType: 'application/problem+json',
  body: JSON.stringify({ ...UNAVAILABLE, status }),
})
