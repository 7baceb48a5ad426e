import { describe, expect, it } from 'vitest'
import { remToPx } from './rem-to-px.ts'

describe('remToPx', () => {
  it('pins rem sizes to px so the page root font size cannot scale the widget', () => {
    expect(remToPx('.a{font-size:0.8rem;border-radius:.3rem;margin:1rem 2rem}')).toBe(
      '.a{font-size:12.8px;border-radius:4.8px;margin:16px 32px}',
    )
    expect(remToPx('.a{width:2.125em}')).toBe('.a{width:2.125em}')
  })
})
