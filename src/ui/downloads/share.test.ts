import { describe, expect, it } from 'vitest'
import { planLinkOf, planUrlProblem } from './share.ts'

const PAGE = 'https://portal.example.edu/matricula/pago?paso=3'

describe("the link a saved plan is sent by, from the host's plan-url", () => {
  it('puts the hash in place of {hash}, each time it appears, read against the page', () => {
    expect(planLinkOf('https://pay.example.edu/plan/{hash}', 'Ab_-9', PAGE)).toBe('https://pay.example.edu/plan/Ab_-9')
    expect(planLinkOf('/plan/{hash}?v={hash}', 'h4sh', PAGE)).toBe('https://portal.example.edu/plan/h4sh?v=h4sh')
    expect(planLinkOf('plan/{hash}', 'h4sh', PAGE)).toBe('https://portal.example.edu/matricula/plan/h4sh')
  })

  it('makes none without a pattern, without {hash}, or for a link that is not http(s)', () => {
    expect(planLinkOf(null, 'h4sh', PAGE)).toBeNull()
    expect(planLinkOf('https://pay.example.edu/plan', 'h4sh', PAGE)).toBeNull()
    expect(planLinkOf('javascript:alert("{hash}")', 'h4sh', PAGE)).toBeNull()
    expect(planLinkOf('mailto:pay@example.edu?body={hash}', 'h4sh', PAGE)).toBeNull()
    expect(planLinkOf('https://[bad/{hash}', 'h4sh', PAGE)).toBeNull()
  })

  it('says on the console why a pattern gives no button, and nothing for a good one or none', () => {
    expect(planUrlProblem('https://pay.example.edu/plan')).toMatch(/has no \{hash\}/)
    expect(planUrlProblem('javascript:void("{hash}")')).toMatch(/not an http\(s\) link/)
    expect(planUrlProblem('/plan/{hash}')).toBeNull()
    expect(planUrlProblem(null)).toBeNull()
  })
})
