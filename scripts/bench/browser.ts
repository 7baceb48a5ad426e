import type { Browser } from 'playwright-core'

export interface Stats {
  n: number
  median: number
  p95: number
  min: number
  max: number
}

/** Summary of a list of timings in ms. */
export function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  return { n: values.length, median: at(0.5), p95: at(0.95), min: sorted[0]!, max: sorted.at(-1)! }
}

export const ms = (value: number) => `${value.toFixed(1)} ms`

/** The bench's tuition input: the one the first-figures measurement uses too. */
export { benchTuitionInput as tuitionInput } from '../first-figures-js.ts'

/** Records, from navigation start, the first moment `#probe` (its shadow root, if any) has content. */
export const RENDER_PROBE_INIT = `(() => {
  const check = () => {
    const el = document.querySelector('#probe')
    const root = el && (el.shadowRoot || el)
    if (root && root.childElementCount > 0) {
      window.__firstRender = performance.now()
      clearInterval(timer)
    }
  }
  const timer = setInterval(check, 1)
})()`

/** Records, from navigation start, the first moment `#probe` shows a monthly fee other than zero. */
export const FIRST_FIGURES_PROBE_INIT = `(() => {
  const check = () => {
    const el = document.querySelector('#probe')
    const figure = el && el.shadowRoot && el.shadowRoot.querySelector('[data-figure="feeAmount"]')
    if (figure && /[1-9]/.test(figure.textContent || '')) {
      window.__firstRender = performance.now()
      clearInterval(timer)
    }
  }
  const timer = setInterval(check, 1)
})()`

/** A page for the first-render figure: its HTML, the scripts it loads by URL path, and what counts as rendered. */
export interface RenderPage {
  html: string
  scripts: Record<string, string>
  /** An init script that sets `window.__firstRender`; RENDER_PROBE_INIT unless given. */
  probe?: string
}

/** One navigation in a fresh browser context (cold cache, as a first visit): navigation start to first render of `#probe`. */
async function firstRenderOnce(
  browser: Browser,
  origin: string,
  { html, scripts, probe = RENDER_PROBE_INIT }: RenderPage,
): Promise<number> {
  const context = await browser.newContext()
  await context.route(`${origin}/bench-first-render.html`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  )
  for (const [path, body] of Object.entries(scripts)) {
    await context.route(`${origin}${path}`, (route) => route.fulfill({ contentType: 'text/javascript', body }))
  }
  await context.addInitScript(probe)
  const page = await context.newPage()
  await page.goto(`${origin}/bench-first-render.html`)
  await page.waitForFunction(() => (window as unknown as { __firstRender?: number }).__firstRender !== undefined)
  const time = await page.evaluate(() => (window as unknown as { __firstRender: number }).__firstRender)
  await context.close()
  return time
}

/**
 * First-render timings of several pages over `loads` rounds. The pages take
 * turns (and each round starts with a different one), so whatever else the
 * machine is doing weighs on all of them alike.
 */
export async function firstRenders<const P extends readonly RenderPage[]>(
  browser: Browser,
  origin: string,
  pages: P,
  loads: number,
): Promise<{ [K in keyof P]: Stats }> {
  const times: number[][] = pages.map(() => [])
  for (let k = 0; k < loads; k++) {
    for (let j = 0; j < pages.length; j++) {
      const index = (j + k) % pages.length
      times[index]!.push(await firstRenderOnce(browser, origin, pages[index]!))
    }
  }
  return times.map((t) => stats(t)) as { [K in keyof P]: Stats }
}
