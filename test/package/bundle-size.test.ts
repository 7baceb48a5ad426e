import { describe, expect, it } from 'vitest'
import { INITIAL_JS_BUDGET_GZIP, kb, standaloneSizes } from '../../scripts/bench/sizes.ts'

describe('the standalone build', () => {
  it(`keeps the initial JavaScript of a first render within ${kb(INITIAL_JS_BUDGET_GZIP)} gzip`, () => {
    const report = standaloneSizes()
    const listing = report.initial.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ')
    expect(report.initialTotal.gzip, `initial JS: ${listing}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP)
  })

  it('loads the calendar popup lazily', () => {
    const report = standaloneSizes()
    expect(report.lazy.length).toBeGreaterThan(0)
  })
})
