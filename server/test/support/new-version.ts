import type { AmortizationTable, FeesTableResult, TuitionPayload } from '@fees-calculator/contract'
import type { NewVersion } from '../../src/store/types.ts'

/**
 * A version to save for `contractId`, as the save route hands it to a store; `numberOfFees` tells versions apart.
 * `idempotency`: the save's key and request fingerprint, when it came with one.
 */
export function newVersion(
  contractId: string,
  numberOfFees = 12,
  idempotency: NewVersion['idempotency'] = null,
): NewVersion {
  return {
    idempotency,
    contractId,
    linkedHash: null,
    tuitionInput: {
      dateOfPayment: '2026-01-31',
      system: 1,
      financialType: 0,
      finalAmount: 6000,
      numberOfFees,
      contractId,
    } as TuitionPayload,
    result: { totalFees: numberOfFees } as FeesTableResult,
    amortization: {
      versionHashCode: null,
      versionNumber: null,
      currency: 'EUR',
      fees: [],
      totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 },
    } as AmortizationTable,
  }
}
