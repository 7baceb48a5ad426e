// axe-core on the widget in any engine, and what has the keyboard focus: the accessibility tests' readings.
import { expect } from 'vitest'
import type { TestPage } from './harness.ts'
import { AXE_PATH } from './page-server.ts'

/** WCAG 2.2 level AA, as axe-core tags it: every A and AA rule of 2.0, 2.1 and 2.2. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export interface AxeReport {
  /** One line a failing node: rule, impact, where, and axe's summary of what to fix. */
  violations: string[]
  /** Nodes inside the element's shadow root that axe checked and passed: proof that it looked in there. */
  checkedInShadowRoot: number
}

/** Waits until nothing in the widget's shadow root is animating (toasts slide and fade in), so colours are final. */
export function animationsDone(page: TestPage, selector = 'fees-calculator'): Promise<boolean> {
  return page.waitFor(
    'animations to end',
    (sel) => {
      const root = document.querySelector(sel)!.shadowRoot!
      // WebKit lists no running CSS transition here: a button that can act must also have come back to full opacity.
      const buttonsFinal = [...root.querySelectorAll('.fc-button:not(:disabled, [aria-disabled=true])')].every(
        (button) => getComputedStyle(button).opacity === '1',
      )
      return buttonsFinal && root.getAnimations().every((animation) => animation.playState !== 'running')
    },
    selector,
  )
}

/**
 * Runs axe-core with the WCAG AA tags on the first `selector` (axe walks open shadow roots). It is loaded with a
 * script tag of the page's own origin (the page server's), which a `script-src 'self'` policy lets run.
 */
export function axeReport(page: TestPage, selector = 'fees-calculator'): Promise<AxeReport> {
  return page.evaluate(
    async (src, tags, sel) => {
      interface AxeNode {
        target: (string | string[])[]
        failureSummary?: string
      }
      interface AxeRule {
        id: string
        impact: string | null
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
        { include: [[sel]] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'passes'] },
      )
      const where = (node: AxeNode) => node.target.map((p) => (Array.isArray(p) ? p.join(' >>> ') : p)).join(' ')
      return {
        violations: result.violations.flatMap((rule) =>
          rule.nodes.map(
            (node) =>
              `${rule.id} (${rule.impact}) at ${where(node)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
          ),
        ),
        // A node in a shadow tree is addressed by a chain of selectors, host first.
        checkedInShadowRoot: result.passes.flatMap((rule) => rule.nodes).filter((node) => Array.isArray(node.target[0]))
          .length,
      }
    },
    AXE_PATH,
    WCAG_AA_TAGS,
    selector,
  )
}

/** axe-core finds no WCAG 2.2 AA violation once the colours are final, and did look inside the shadow root. */
export async function expectAxeClean(page: TestPage, state: string): Promise<void> {
  await animationsDone(page)
  const report = await axeReport(page)
  expect(report.violations, state).toEqual([])
  expect(report.checkedInShadowRoot, state).toBeGreaterThan(20)
}

export interface FocusedElement {
  tag: string
  part: string | null
  className: string
  text: string
  ariaLabel: string | null
  figure: string | null
  tabIndex: number
  /** What draws the focus: a visible outline or a box-shadow ring. */
  outline: string
  boxShadow: string
  visible: boolean
}

/** The element that has the keyboard focus, found through the chain of shadow roots' activeElement. */
export function focusedElement(page: TestPage): Promise<FocusedElement | null> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    if (!active || active === document.body) return null
    const style = getComputedStyle(active)
    const outlineShown = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const ringShown = style.boxShadow !== 'none' && style.boxShadow !== ''
    return {
      tag: active.tagName.toLowerCase(),
      part: active.getAttribute('part'),
      className: active.getAttribute('class') ?? '',
      text: (active.textContent ?? '').trim(),
      ariaLabel: active.getAttribute('aria-label'),
      figure: active.getAttribute('data-figure'),
      tabIndex: (active as HTMLElement).tabIndex,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      visible: outlineShown || ringShown,
    }
  })
}
