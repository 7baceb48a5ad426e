import type { AmortizationTable, FeesTableResult } from '@fees-calculator/contract'
import { XIRR } from '@formulajs/formulajs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, call, financing, refinancing, startTestServer, type TestServer } from '../support/api-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.remove())

const feeOptions = (body: unknown, path = '/Calculator/CalculateFeeOptions') =>
  call<FeesTableResult>(server, 'POST', path, { body })
const amortization = (body: unknown, path = '/Calculator/FrontCalculateFees') =>
  call<AmortizationTable>(server, 'POST', path, { body })

describe('POST /Calculator/CalculateFeeOptions', () => {
  it('answers the fees table with its figures for a financing', async () => {
    const { status, body } = await feeOptions(financing())
    expect(status).toBe(200)
    expect(body).toEqual({
      totalFees: 12,
      feeAmount: 516.26,
      firstPaymentDate: '2026-01-31',
      minFees: 12,
      maxFees: 24,
      amountToFinance: 6000,
      initialAmount: 6000,
      partialPayment: 0,
      interests: 195.13,
      finalFee: 6195.13,
      financeType: 0,
      isModificable: true,
      tin: 0.0595,
      tae: 0.061407,
      currency: 'EUR',
    })
  })

  it('takes the amount to finance that Salesforce refinancing sends as it is, and answers the amount before the partial payment', async () => {
    const { body } = await feeOptions(refinancing({ system: 1, amountToRefinance: 5000, partialPayment: 1000 }))
    const { body: other } = await feeOptions(refinancing({ system: 2, amountToRefinance: 6000, partialPayment: 1000 }))
    expect(body).toMatchObject({ amountToFinance: 5000, initialAmount: 6000, partialPayment: 1000, financeType: 1 })
    expect(body.feeAmount).toBe(other.feeAmount)
  })

  it('rounds amounts with binary-float noise half-up to cents instead of refusing them', async () => {
    const { status, body } = await feeOptions(financing({ finalAmount: 4890.35 + 1100.1 }))
    expect(status).toBe(200)
    expect(body).toMatchObject({ amountToFinance: 5990.45, initialAmount: 5990.45 })
    const { body: thirds } = await feeOptions(financing({ finalAmount: 6000.004 }))
    expect(thirds.amountToFinance).toBe(6000)
  })

  it('spreads amountToRefinance less the partial payment at the refinancing TIN', async () => {
    const { body } = await feeOptions(refinancing())
    expect(body).toMatchObject({
      amountToFinance: 5000,
      initialAmount: 6000,
      partialPayment: 1000,
      financeType: 1,
      tin: 0.0695,
      tae: 0.072068,
    })
    expect(body.finalFee).toBeCloseTo(body.amountToFinance + body.interests, 10)
  })

  it("states the APR of the dated fees from the day of the calculation, as a spreadsheet's XIRR does", async () => {
    // TEST_NOW is 31 December 2025; the fees fall on the 31st (or the month's last day) from 31 January 2026.
    const { body } = await feeOptions(financing())
    const table = await amortization(financing())
    const xirr = XIRR(
      [-body.amountToFinance, ...table.body.fees.map((row) => row.fee)],
      ['2025-12-31', ...table.body.fees.map((row) => row.dueDate)],
    )
    if (xirr instanceof Error) throw xirr
    expect(Math.abs(body.tae - xirr)).toBeLessThan(0.0001)
  })

  it('takes a first payment already past as lent on its own day', async () => {
    const past = await startTestServer({}, { clock: () => new Date('2026-03-15T23:59:59Z') })
    try {
      const { body } = await call<FeesTableResult>(past, 'POST', '/Calculator/CalculateFeeOptions', {
        body: financing(),
      })
      // The first fee on the drawdown day: dearer than a month later (0.061407), as a spreadsheet says (7.3 %).
      expect(body.tae).toBeGreaterThan(0.07)
      expect(body.tae).toBeLessThan(0.075)
    } finally {
      await past.remove()
    }
  })

  it('takes minFees when numberOfFees is missing or 0', async () => {
    expect((await feeOptions(financing({ numberOfFees: undefined }))).body.totalFees).toBe(12)
    expect((await feeOptions(financing({ numberOfFees: 0 }))).body.totalFees).toBe(12)
    expect((await feeOptions(financing({ numberOfFees: null }))).body.totalFees).toBe(12)
    expect((await feeOptions(financing({ numberOfFees: 24 }))).body.totalFees).toBe(24)
  })

  it('treats a blank partial payment as 0', async () => {
    expect((await feeOptions(refinancing({ partialPayment: null }))).body).toMatchObject({
      amountToFinance: 6000,
      partialPayment: 0,
    })
  })

  it('defaults the currency to USD and reads any case', async () => {
    expect((await feeOptions(financing({ currency: undefined }))).body.currency).toBe('USD')
    expect((await feeOptions(financing({ currency: 'eur' }))).body.currency).toBe('EUR')
  })

  it('takes a date-time as UTC, a Z being added when missing', async () => {
    expect((await feeOptions(financing({ dateOfPayment: '2026-03-05T23:30:00' }))).body.firstPaymentDate).toBe(
      '2026-03-05',
    )
    expect((await feeOptions(financing({ dateOfPayment: '2026-03-05T00:30:00+02:00' }))).body.firstPaymentDate).toBe(
      '2026-03-04',
    )
  })

  it('accepts a bearer token as well as the key', async () => {
    const answer = await call(server, 'POST', '/Calculator/CalculateFeeOptions', {
      body: financing(),
      headers: { 'X-Api-Key': '', Authorization: await bearer() },
    })
    expect(answer.status).toBe(200)
  })

  it('ignores unknown fields and the token in the body', async () => {
    const answer = await feeOptions(financing({ token: 'body-token', somethingElse: { nested: true } }))
    expect(answer.status).toBe(200)
  })
})

describe('the Anonymous endpoints', () => {
  it.each([3, 7])('answer system %i without credentials', async (system) => {
    const headers = { 'X-Api-Key': '' }
    const fees = await call(server, 'POST', '/Calculator/CalculateFeeOptionsAnonymous', {
      body: financing({ system }),
      headers,
    })
    const table = await call(server, 'POST', '/Calculator/FrontCalculateFeesAnonymous', {
      body: financing({ system }),
      headers,
    })
    expect([fees.status, table.status]).toEqual([200, 200])
  })

  it.each([1, 2, 4, 5, 6])('refuse system %i with 403', async (system) => {
    const answer = await feeOptions(financing({ system }), '/Calculator/CalculateFeeOptionsAnonymous')
    expect(answer.body).toMatchObject({ status: 403, code: 'system_not_allowed' })
  })

  it('never save, whatever isSavedVersion says', async () => {
    const { body } = await amortization(
      financing({ system: 3, isSavedVersion: true }),
      '/Calculator/FrontCalculateFeesAnonymous',
    )
    expect([body.versionHashCode, body.versionNumber]).toEqual([null, null])
  })
})

describe('POST /Calculator/FrontCalculateFees', () => {
  it('answers the dated schedule, the last fee taking the rest', async () => {
    const { body } = await amortization(financing())
    expect(body.versionHashCode).toBeNull()
    expect(body.versionNumber).toBeNull()
    expect(body.currency).toBe('EUR')
    expect(body.fees).toHaveLength(12)
    expect(body.fees.slice(0, 4).map((fee) => fee.dueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ])
    expect(body.fees[0]).toEqual({
      number: 1,
      dueDate: '2026-01-31',
      fee: 516.26,
      interest: 29.75,
      principal: 486.51,
      balance: 5513.49,
    })
    expect(body.fees[11]).toEqual({
      number: 12,
      dueDate: '2026-12-31',
      fee: 516.27,
      interest: 2.55,
      principal: 513.72,
      balance: 0,
    })
    expect(body.totals).toEqual({ amountToFinance: 6000, interests: 195.13, finalFee: 6195.13 })
  })

  it('agrees with CalculateFeeOptions', async () => {
    for (const payload of [financing({ numberOfFees: 18 }), refinancing({ numberOfFees: 20 })]) {
      const [fees, table] = await Promise.all([feeOptions(payload), amortization(payload)])
      expect(table.body.fees[0]?.fee).toBe(fees.body.feeAmount)
      expect(table.body.totals).toEqual({
        amountToFinance: fees.body.amountToFinance,
        interests: fees.body.interests,
        finalFee: fees.body.finalFee,
      })
      expect(table.body.fees).toHaveLength(fees.body.totalFees)
    }
  })

  it('writes money with at most two decimals', async () => {
    const { body } = await amortization(financing({ finalAmount: 7777.77, numberOfFees: 23 }))
    const amounts = body.fees.flatMap((fee) => [fee.fee, fee.interest, fee.principal, fee.balance])
    for (const amount of amounts) expect(String(amount)).toMatch(/^\d+(\.\d{1,2})?$/)
  })

  it('saves a version when isSavedVersion is true', async () => {
    const { body } = await amortization(financing({ contractId: 'C-SAVE', isSavedVersion: true }))
    expect(body.versionHashCode).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(body.versionNumber).toBe(1)
  })

  it('needs a contract id to save', async () => {
    const answer = await amortization(financing({ contractId: null, isSavedVersion: true }))
    expect(answer.body).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ field: 'contractId' }] })
  })
})
