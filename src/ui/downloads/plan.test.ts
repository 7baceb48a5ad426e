import { describe, expect, it } from 'vitest'
import { makePlan } from '../../../test/support/plans.ts'
import { isSavedVersion, planFileName } from './plan.ts'

const MADE_AT = new Date('2026-11-24T16:05:00Z')

describe('the plan on screen as a saved version', () => {
  const state = { versionHashCode: 'h4sh', versionNumber: 2, loadedByHash: false, planSent: true }

  it('is one once its save has answered with its number', () => {
    expect(isSavedVersion(state)).toBe(true)
  })

  it('is one when opened by its hash, its number fetched or not', () => {
    expect(isSavedVersion({ ...state, loadedByHash: true, planSent: false })).toBe(true)
    expect(isSavedVersion({ ...state, loadedByHash: true, planSent: false, versionNumber: null })).toBe(true)
  })

  it('is a simulation before a save, after a change that followed a save, and with only the version it copies', () => {
    expect(isSavedVersion({ ...state, versionHashCode: null, versionNumber: null, planSent: false })).toBe(false)
    // A save that did not lock (an ERP system) and a recalculation since: the figures are no longer that version's.
    expect(isSavedVersion({ ...state, planSent: false })).toBe(false)
    // The input's linkedVersionIdentifier names the version this plan was copied from, not this plan.
    expect(isSavedVersion({ ...state, versionNumber: null, planSent: false })).toBe(false)
  })
})

describe('the file names', () => {
  const saved = makePlan({ fees: 12, amount: 100_000, tin: 0.05, firstDate: '2027-01-01', language: 'es', saved: true })

  it('name the contract and the version, or the hash while the number is not known, or the day of a simulation', () => {
    expect(planFileName(saved, 'pdf', MADE_AT)).toBe('plan-CTR-2027-0042-v3.pdf')
    expect(planFileName({ ...saved, versionNumber: null }, 'ics', MADE_AT)).toBe('plan-CTR-2027-0042-a1b2c3d4.ics')
    expect(planFileName({ ...saved, versionNumber: null, versionHashCode: null }, 'pdf', MADE_AT)).toBe(
      'plan-simulation-2026-11-24.pdf',
    )
  })
})
