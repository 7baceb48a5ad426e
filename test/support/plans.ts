import type { Language } from '../../src/domain/language.ts'
import type { AmortizationTable, FeesTableResult } from '../../src/domain/types.ts'
import { FinancialType } from '../../src/domain/types.ts'
import type { DownloadablePlan } from '../../src/ui/downloads/plan.ts'

export interface PlanShape {
  fees: number
  /** In cents. */
  amount: number
  partialPayment?: number
  tin: number
  firstDate: string
  language: Language
  saved: boolean
  currency?: string
}

/** A French-amortization plan computed in whole cents, the last fee taking the rounding, as the API does. */
export function makePlan(shape: PlanShape): DownloadablePlan {
  const partial = shape.partialPayment ?? 0
  const financed = shape.amount - partial
  const rate = shape.tin / 12
  const n = shape.fees
  const feeCents = rate === 0 ? Math.ceil(financed / n) : Math.round((financed * rate) / (1 - (1 + rate) ** -n))
  let balance = financed
  const rows: AmortizationTable['fees'] = []
  const [y, m, d] = shape.firstDate.split('-').map(Number) as [number, number, number]
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * rate)
    const principal = k === n ? balance : Math.min(balance, feeCents - interest)
    balance -= principal
    const due = new Date(Date.UTC(y, m - 1 + k - 1, Math.min(d, 28)))
    rows.push({
      number: k,
      dueDate: due.toISOString().slice(0, 10),
      fee: (principal + interest) / 100,
      interest: interest / 100,
      principal: principal / 100,
      balance: balance / 100,
    })
  }
  const cents = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((sum, row) => sum + Math.round(pick(row) * 100), 0)
  const currency = shape.currency ?? 'EUR'
  const table: AmortizationTable = {
    versionHashCode: shape.saved ? 'a1b2c3d4e5f60718293a4b5c6d7e8f90' : null,
    versionNumber: shape.saved ? 3 : null,
    currency,
    fees: rows,
    totals: {
      amountToFinance: cents((r) => r.principal) / 100,
      interests: cents((r) => r.interest) / 100,
      finalFee: cents((r) => r.fee) / 100,
    },
  }
  const result: FeesTableResult = {
    totalFees: n,
    feeAmount: feeCents / 100,
    firstPaymentDate: shape.firstDate,
    minFees: 1,
    maxFees: 120,
    amountToFinance: financed / 100,
    initialAmount: shape.amount / 100,
    partialPayment: partial / 100,
    interests: table.totals.interests,
    finalFee: table.totals.finalFee,
    financeType: partial > 0 ? FinancialType.Refinancing : FinancialType.Financing,
    isModificable: true,
    tin: shape.tin,
    tae: Math.round(((1 + rate) ** 12 - 1) * 1e6) / 1e6,
    currency,
  }
  return {
    table,
    result,
    language: shape.language,
    programme: 'Grado en Ingeniería Informática · Señales, Comunicación y Diseño à la carte',
    contractId: shape.saved ? 'CTR-2027-0042' : null,
    versionNumber: table.versionNumber,
    versionHashCode: table.versionHashCode,
    replaces: null,
  }
}
