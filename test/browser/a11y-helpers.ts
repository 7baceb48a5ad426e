// Helpers of the accessibility tests: axe-core run on the widget, and what has the keyboard focus.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** WCAG 2.2 level AA, as axe-core tags it: every A and AA rule of 2.0, 2.1 and 2.2. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeReport {
  /** One line a failing node: rule, impact, where, and axe's summary of what to fix. */
  violations: string[]
  /** Nodes inside the element's shadow root that axe checked and passed: proof that it looked in there. */
  checkedInShadowRoot: number
}

/** Runs axe-core with the WCAG AA tags on the first <fees-calculator> (axe walks open shadow roots). */
export async function axeReport(page: Page, selector = 'fees-calculator'): Promise<AxeReport> {
  // Evaluated by the driver, not added as a script tag: the pages' Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE_SCRIPT, 'utf8'))
  return page.evaluate(
    async ([tags, sel]) => {
      interface AxeNode {
        target: (string | string[])[]
        failureSummary?: string
      }
      interface AxeRule {
        id: string
        impact: string | null
        nodes: AxeNode[]
      }
      const axe = (
        window as unknown as {
          axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeRule[]; passes: AxeRule[] }> }
        }
      ).axe
      const result = await axe.run(
        { include: [[sel]] },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'passes'] },
      )
      const where = (node: AxeNode) =>
        node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' ')
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
    [WCAG_AA_TAGS, selector] as const,
  )
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
export function focused(page: Page): Promise<FocusedElement | null> {
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

/** Waits until nothing in the widget's shadow root is animating (toasts slide and fade in), so colours are final. */
export async function animationsDone(page: Page, selector = 'fees-calculator'): Promise<void> {
  await page.waitForFunction(
    (sel) =>
      document
        .querySelector(sel)!
        .shadowRoot!.getAnimations()
        .every((animation) => animation.playState !== 'running'),
    selector,
  )
}
