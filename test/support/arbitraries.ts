import fc from 'fast-check'

/** Values of every JSON-ish kind, including the odd ones hosts send. */
export const anyValue = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 1e308, -1e308, 10_000_000.01),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', '0', '-1', '1e3', 'NaN', '<script>alert(1)</script>', '\u0000', '💸'.repeat(50)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
)

/** Date texts: real dates, date-times, and everything near them that is not one. */
export const dateText = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  fc.constantFrom('2027-02-29', '2028-02-29', '31/12/2027', '2027-1-5', '2027-01-05T25:00:00', 'today', ''),
)

const amount = fc.oneof(
  fc.integer({ min: -1000, max: 20_000_000 }),
  fc.double({ min: -1e9, max: 1e9, noNaN: false }),
  fc.integer({ min: 1, max: 1_000_000_00 }).map((cents) => cents / 100),
  anyValue,
)

/** Tuition inputs near valid ones: every field may be missing, mistyped, odd or huge. */
export const tuitionLike = fc.record(
  {
    currency: fc.oneof(fc.constantFrom('EUR', 'USD', 'eur', 'XXX', 'EURO', 'ZZZ'), anyValue),
    dateOfPayment: fc.oneof(dateText, anyValue),
    numberOfFees: fc.oneof(fc.integer({ min: -5, max: 2000 }), anyValue),
    finalAmount: amount,
    partialPayment: amount,
    amountToRefinance: amount,
    system: fc.oneof(fc.integer({ min: -1, max: 9 }), anyValue),
    financialType: fc.oneof(fc.integer({ min: -1, max: 2 }), anyValue),
    language: fc.oneof(fc.constantFrom('es', 'en', 'EN', 'fr', ''), anyValue),
    token: fc.oneof(fc.string({ maxLength: 40 }), anyValue),
    studyIdName: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 500 }), anyValue),
    contractId: fc.oneof(fc.string({ maxLength: 60 }), anyValue),
    linkedVersionIdentifier: fc.oneof(fc.string({ maxLength: 40 }), anyValue),
    isSavedVersion: fc.oneof(fc.boolean(), anyValue),
    isFrontEndVersionCopy: fc.oneof(fc.boolean(), anyValue),
  },
  { requiredKeys: [] },
)

/** What a host might put where a tuition input belongs. */
export const hostInput = fc.oneof({ weight: 8, arbitrary: tuitionLike }, { weight: 1, arbitrary: anyValue })

/** A valid tuition input (financing or refinancing) for the reference API's defaults. */
export const validTuition = fc
  .record({
    currency: fc.constantFrom('EUR', 'USD', 'GBP', 'MXN'),
    dateOfPayment: fc
      .date({ min: new Date('2027-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    numberOfFees: fc.integer({ min: 12, max: 24 }),
    financialType: fc.constantFrom(0, 1),
    amount: fc.integer({ min: 100_00, max: 1_000_000_00 }).map((cents) => cents / 100),
    partialPayment: fc.integer({ min: 0, max: 50_00 }).map((cents) => cents / 100),
    system: fc.integer({ min: 1, max: 7 }),
    contractId: fc.string({ minLength: 1, maxLength: 20 }),
    language: fc.constantFrom('es', 'en'),
  })
  .map(({ amount, financialType, partialPayment, ...rest }) =>
    financialType === 0
      ? { ...rest, financialType, finalAmount: amount }
      : { ...rest, financialType, amountToRefinance: amount, partialPayment },
  )

/** A valid input with one to three fields replaced by generated, mostly wrong, values. */
export const nearValidTuition = fc
  .tuple(validTuition, tuitionLike, fc.shuffledSubarray(Object.keys(tuitionFields()), { minLength: 1, maxLength: 3 }))
  .map(([valid, odd, fields]) => {
    const result: Record<string, unknown> = { ...valid }
    for (const field of fields) {
      if (field in odd) result[field] = (odd as Record<string, unknown>)[field]
      else delete result[field]
    }
    return result
  })

function tuitionFields() {
  return {
    currency: 0,
    dateOfPayment: 0,
    numberOfFees: 0,
    finalAmount: 0,
    partialPayment: 0,
    amountToRefinance: 0,
    system: 0,
    financialType: 0,
    language: 0,
    token: 0,
    studyIdName: 0,
    contractId: 0,
    linkedVersionIdentifier: 0,
    isSavedVersion: 0,
    isFrontEndVersionCopy: 0,
  }
}

/**
 * A fees table as an API answers one, within what the response boundary takes: fee counts around the chosen one,
 * amounts to the cent from a hundred to ten million (grouped and ungrouped), rates, a currency, a first payment date,
 * and whether the plan may change.
 */
export const feesTable = fc
  .record({
    minFees: fc.integer({ min: 1, max: 12 }),
    extraFees: fc.integer({ min: 0, max: 48 }),
    chosen: fc.double({ min: 0, max: 1, noNaN: true }),
    amountCents: fc.oneof(
      fc.integer({ min: 100_00, max: 9_999_99 }),
      fc.integer({ min: 10_000_00, max: 10_000_000_00 }),
    ),
    partialCents: fc.integer({ min: 0, max: 99_99 }),
    interestCents: fc.integer({ min: 0, max: 500_000_00 }),
    tinBasisPoints: fc.integer({ min: 0, max: 2_000 }),
    financeType: fc.constantFrom(0, 1),
    isModificable: fc.boolean(),
    currency: fc.constantFrom('EUR', 'USD'),
    firstPaymentDate: fc
      .date({ min: new Date('2027-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  })
  .map(({ minFees, extraFees, chosen, amountCents, partialCents, interestCents, tinBasisPoints, ...rest }) => {
    const maxFees = minFees + extraFees
    const totalFees = minFees + Math.round(chosen * extraFees)
    const amount = amountCents / 100
    const interests = interestCents / 100
    const finalFee = Math.round(amountCents + interestCents) / 100
    return {
      ...rest,
      minFees,
      maxFees,
      totalFees,
      amountToFinance: amount,
      initialAmount: amount,
      partialPayment: rest.financeType === 1 ? partialCents / 100 : 0,
      interests,
      finalFee,
      feeAmount: Math.round((amountCents + interestCents) / totalFees) / 100,
      tin: tinBasisPoints / 10_000,
      tae: (tinBasisPoints + (tinBasisPoints > 0 ? 11 : 0)) / 10_000,
    }
  })
