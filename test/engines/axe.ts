// axe-core in any engine, on the first <fees-calculator> and inside its shadow root.
import { expect } from 'vitest'
import { WCAG_AA_TAGS } from '../browser/a11y-helpers.ts'
import type { TestPage } from '../support/engines.ts'
import { AXE_PATH } from '../support/page-server.ts'

/** axe's violations inside the first element, one line each, and how many nodes of its shadow root passed. */
async function axe(page: TestPage): Promise<{ violations: string[]; checkedInShadowRoot: number }> {
  // Colours are measured once they are final, not halfway through a transition.
  await page.waitFor('animations to end', () => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    // WebKit lists no running CSS transition here: a button that can act must also have come back to full opacity.
    const buttonsFinal = [...root.querySelectorAll('.fc-button:not(:disabled, [aria-disabled=true])')].every(
      (button) => getComputedStyle(button).opacity === '1',
    )
    return buttonsFinal && root.getAnimations().every((animation) => animation.playState !== 'running')
  })
  return page.evaluate(
    async (src, tags) => {
      interface AxeNode {
        target: (string | string[])[]
        failureSummary?: string
      }
      interface AxeRule {
        id: string
        nodes: AxeNode[]
      }
      type Axe = { run(context: unknown, options: unknown): Promise<{ violations: AxeRule[]; passes: AxeRule[] }> }
      const w = window as unknown as { axe?: Axe }
      if (!w.axe) {
        const script = document.createElement('script')
        script.src = src
        await new Promise((resolve, reject) => {
          script.onload = resolve
          script.onerror = reject
          document.head.append(script)
        })
      }
      const result = await w.axe!.run(
        { include: [['fees-calculator']] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'passes'] },
      )
      const where = (node: AxeNode) => node.target.map((p) => (Array.isArray(p) ? p.join(' >>> ') : p)).join(' ')
      return {
        violations: result.violations.flatMap((rule) =>
          rule.nodes.map((node) => `${rule.id} at ${where(node)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`),
        ),
        checkedInShadowRoot: result.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]))
          .length,
      }
    },
    AXE_PATH,
    WCAG_AA_TAGS,
  )
}

export async function expectAxeClean(page: TestPage, state: string): Promise<void> {
  const report = await axe(page)
  expect(report.violations, state).toEqual([])
  expect(report.checkedInShadowRoot, state).toBeGreaterThan(20)
}
