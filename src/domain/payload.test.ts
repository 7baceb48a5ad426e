import { describe, expect, it } from 'vitest'
import { amountEditable, calculationPayload, type PlanChoice, usesAnonymousEndpoints } from './payload.ts'
import { previewPayload, saveLocks, savePayload } from './save-payload.ts'
import { type FeesTableResult, FinancialType, System, type TuitionInput } from './types.ts'

const input: TuitionInput = {
  currency: 'EUR',
  dateOfPayment: '2027-01-05',
  numberOfFees: null,
  finalAmount: 6000,
  partialPayment: null,
  amountToRefinance: null,
  system: System.Manager,
  financialType: FinancialType.Financing,
  language: 'es',
  token: 'secret-token',
  contractId: 'C-1',
  linkedVersionIdentifier: null,
}

const result: FeesTableResult = {
  totalFees: 12,
  feeAmount: 515.21,
  firstPaymentDate: '2027-01-05',
  minFees: 12,
  maxFees: 24,
  amountToFinance: 6000,
  initialAmount: 6000,
  partialPayment: 0,
  interests: 182.52,
  finalFee: 6182.52,
  financeType: FinancialType.Financing,
  isModificable: true,
  tin: 0.0595,
  tae: 0.061208,
  currency: 'EUR',
}

const choice: PlanChoice = {
  numberOfFees: 18,
  firstPaymentDate: '2027-02-10',
  initialAmount: 7000,
  partialPayment: null,
}

describe('calculationPayload', () => {
  it('never carries the token', () => {
    expect(calculationPayload(input)).not.toHaveProperty('token')
    expect(calculationPayload(input, choice)).not.toHaveProperty('token')
  })

  it('sends the initial amount as finalAmount when financing, and a blank partial payment as 0', () => {
    expect(calculationPayload(input, choice)).toMatchObject({
      numberOfFees: 18,
      dateOfPayment: '2027-02-10',
      finalAmount: 7000,
      amountToRefinance: null,
      partialPayment: 0,
    })
  })

  it('sends the initial amount as amountToRefinance when refinancing', () => {
    const refinancing = {
      ...input,
      financialType: FinancialType.Refinancing,
      finalAmount: null,
      amountToRefinance: 6000,
    }
    expect(calculationPayload(refinancing, { ...choice, partialPayment: 500 })).toMatchObject({
      amountToRefinance: 7000,
      finalAmount: null,
      partialPayment: 500,
    })
  })

  it('sends a blank partial payment as 0 in every request, the first one included', () => {
    expect(calculationPayload(input).partialPayment).toBe(0)
    expect(calculationPayload(input, choice).partialPayment).toBe(0)
    expect(savePayload(input, choice, { embedded: true, currentHash: null }).partialPayment).toBe(0)
    expect(previewPayload(input, choice).partialPayment).toBe(0)
  })

  it('rounds amounts half-up to cents before sending them (a host that adds up 4890.35 + 1100.10)', () => {
    expect(calculationPayload({ ...input, finalAmount: 4890.35 + 1100.1 }).finalAmount).toBe(5990.45)
    expect(calculationPayload(input, { ...choice, initialAmount: 1.005 }).finalAmount).toBe(1.01)
    expect(calculationPayload(input, { ...choice, initialAmount: 1234.564999 }).finalAmount).toBe(1234.56)
    const refinancing = {
      ...input,
      financialType: FinancialType.Refinancing,
      finalAmount: null,
      amountToRefinance: 6000.004,
      partialPayment: 0.105,
    }
    expect(calculationPayload(refinancing)).toMatchObject({ amountToRefinance: 6000, partialPayment: 0.11 })
  })

  it('for the Salesforce system with refinancing, sets amountToRefinance to the amount to finance', () => {
    const salesforce = {
      ...input,
      system: System.Salesforce,
      financialType: FinancialType.Refinancing,
      finalAmount: null,
      amountToRefinance: 6000,
      partialPayment: 1000,
    }
    expect(calculationPayload(salesforce)).toMatchObject({ amountToRefinance: 5000, partialPayment: 1000 })
    // After the answer the screen shows the amount before the partial payment (6000) and the partial payment (1000): the same body again.
    const afterFirstAnswer = { ...choice, initialAmount: 6000, partialPayment: 1000 }
    expect(calculationPayload(salesforce, afterFirstAnswer)).toMatchObject({
      amountToRefinance: 5000,
      partialPayment: 1000,
    })
    expect(calculationPayload(salesforce, { ...afterFirstAnswer, partialPayment: 1500 })).toMatchObject({
      amountToRefinance: 4500,
      partialPayment: 1500,
    })
    const otherSystem = { ...salesforce, system: System.Manager }
    expect(calculationPayload(otherSystem)).toMatchObject({ amountToRefinance: 6000, partialPayment: 1000 })
  })
})

describe('previewPayload', () => {
  it('is the calculation body with the saved flag off, even for an input reopened from a saved version', () => {
    const reopened: TuitionInput = { ...input, isSavedVersion: true, isFrontEndVersionCopy: true }
    const body = previewPayload(reopened, choice)
    expect(body).toEqual({ ...calculationPayload(reopened, choice), isSavedVersion: false })
    expect(body).not.toHaveProperty('token')
  })
})

describe('savePayload', () => {
  it('sets the date, links the current hash, and marks a saved front-end copy', () => {
    expect(savePayload(input, choice, { embedded: true, currentHash: 'abc' })).toMatchObject({
      dateOfPayment: '2027-02-10',
      linkedVersionIdentifier: 'abc',
      isSavedVersion: true,
      isFrontEndVersionCopy: true,
    })
  })

  it('keeps an existing link', () => {
    const linked = { ...input, linkedVersionIdentifier: 'first' }
    expect(savePayload(linked, choice, { embedded: false, currentHash: 'abc' }).linkedVersionIdentifier).toBe('first')
  })

  it.each([System.ErpCom, System.ErpComAgent])(
    'does not mark a saved version for ERP system %i in embedded mode',
    (system) => {
      const erp = { ...input, system }
      expect(savePayload(erp, choice, { embedded: true, currentHash: null }).isSavedVersion).toBe(false)
      expect(savePayload(erp, choice, { embedded: false, currentHash: null }).isSavedVersion).toBe(true)
      expect(saveLocks(erp, true)).toBe(false)
      expect(usesAnonymousEndpoints(erp, true)).toBe(true)
      expect(usesAnonymousEndpoints(erp, false)).toBe(false)
    },
  )

  it('locks and uses the authenticated endpoints for other systems', () => {
    expect(saveLocks(input, true)).toBe(true)
    expect(usesAnonymousEndpoints(input, true)).toBe(false)
  })
})

describe('amountEditable', () => {
  it('allows editing only an editable financing result of a non-ERP system', () => {
    expect(amountEditable(input, result)).toBe(true)
    expect(amountEditable(input, { ...result, isModificable: false })).toBe(false)
    expect(amountEditable({ ...input, system: System.ErpCom }, result)).toBe(false)
    expect(amountEditable(input, { ...result, financeType: FinancialType.Refinancing })).toBe(false)
    expect(amountEditable(input, null)).toBe(false)
  })
})
