import { describe, expect, it } from 'vitest'
import { makePlan } from '../../../test/support/plans.ts'
import { isSavedVersion, planFileName, replacedVersionOf } from './plan.ts'

const MADE_AT = new Date('2026-11-24T16:05:00Z')

describe('the plan on screen as a saved version, and the version it replaces', () => {
  const replaced = { versionHashCode: 'before', saved: null, versionNumber: 2, failed: false, reading: false }

  it('is a saved version while the card shows one (saved, or opened by its hash), and a simulation after a change', () => {
    expect(isSavedVersion({ savedVersion: 'h4sh' })).toBe(true)
    expect(isSavedVersion({ savedVersion: null })).toBe(false)
  })

  it('replaces the version its input links to, or the version opened by hash once it is changed', () => {
    expect(replacedVersionOf({ replaced, savedVersion: null })).toBe(replaced)
    expect(replacedVersionOf({ replaced, savedVersion: 'after' })).toBe(replaced)
    // Opened by its hash and not changed: the plan on screen is that version, and replaces nothing.
    expect(replacedVersionOf({ replaced, savedVersion: 'before' })).toBeNull()
    expect(replacedVersionOf({ replaced: null, savedVersion: null })).toBeNull()
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
