import { describe, expect, it } from 'vitest'
import { makePlan } from '../../../test/support/plans.ts'
import { formattersFor } from '../format.ts'
import { beforeAndNowRows } from './rows.ts'

const format = formattersFor('es', 'EUR')
const plan = (fees: number, firstDate: string, tin = 0.0595) =>
  makePlan({ fees, amount: 600_000, tin, firstDate, language: 'es', saved: true }).result

describe('the saved version beside the plan that replaces it', () => {
  it('sets each figure side by side as the card writes it, and says which way each moved', () => {
    const rows = beforeAndNowRows(plan(24, '2027-01-31'), plan(12, '2027-03-15'), format)
    expect(rows.map((row) => [row.name, row.change])).toEqual([
      ['feeAmount', 'up'],
      ['totalFees', 'down'],
      ['firstDueDate', 'up'],
      ['lastDueDate', 'down'],
      ['interests', 'down'],
      ['finalFee', 'down'],
      ['tae', 'same'],
    ])
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]))
    expect(byName.totalFees).toMatchObject({ before: '24', now: '12' })
    // The last due date follows the API's rule: 23 months after 31 January 2027 is the last day of December 2028.
    expect(byName.lastDueDate).toMatchObject({ before: '31/12/2028', now: '15/02/2028' })
    expect(byName.firstDueDate).toMatchObject({ before: '31/01/2027', now: '15/03/2027' })
    expect(byName.feeAmount?.before).toBe(format.money(plan(24, '2027-01-31').feeAmount))
  })

  it('marks nothing when the plan is the saved one again, and reads a rate as it is written', () => {
    const same = plan(18, '2027-02-05')
    expect(beforeAndNowRows(same, { ...same }, format).every((row) => row.change === 'same')).toBe(true)
    // 6,1234 % and 6,1239 % are both written 6,12 %: the student sees no change, and none is said.
    const rate = beforeAndNowRows({ ...same, tae: 0.061234 }, { ...same, tae: 0.061239 }, format)
    const written = format.rate(0.0612)
    expect(rate.find((row) => row.name === 'tae')).toMatchObject({ before: written, now: written, change: 'same' })
  })
})
