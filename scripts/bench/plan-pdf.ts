/**
 * The plan as a PDF: the size of its lazy chunk, and the time from the press
 * of "Download the plan (PDF)" to the file, for a saved plan of as many fees
 * as the API allows (120 here), in Chromium.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { startDemo } from '../../server/test/support/reference-server.ts'
import { kb } from '../size-budget.ts'
import { ms, stats, tuitionInput } from './browser.ts'

const PRESSES = 10

/** A reference server of its own: the demo's configuration offers 24 fees at most, this one 120. */
export async function planPdfReport(browser: Browser, line: (label: string, value: string) => void): Promise<void> {
  const demo = await startDemo({ FEES_MAX: '120' })
  try {
    await measure(browser, demo.url, await demo.token(), line)
  } finally {
    await demo.close()
  }
}

async function measure(
  browser: Browser,
  origin: string,
  token: string,
  line: (label: string, value: string) => void,
): Promise<void> {
  const chunk = readdirSync('dist/chunks').find((name) => /^pdf-.*\.js$/.test(name))
  console.log('\n7. The plan as a PDF')
  if (chunk) {
    const bytes = readFileSync(join('dist/chunks', chunk))
    line('PDF chunk (jsPDF and the maker)', `${kb(gzipSync(bytes, { level: 9 }).length)} gzip, ${kb(bytes.length)} raw`)
  }
  const page = await browser.newPage()
  const input = JSON.stringify({ ...tuitionInput(token), language: 'en' })
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
  await page.route(`${origin}/bench-pdf.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script><fees-calculator tuition-input='${input}'></fees-calculator>`,
    }),
  )
  // The file is ready when the widget clicks its download link: timed there, in the page, and not saved.
  await page.addInitScript(() => {
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download.endsWith('.pdf')) {
        ;(window as unknown as { __fileAt: number }).__fileAt = performance.now()
        return
      }
      click.call(this)
    }
  })
  await page.goto(`${origin}/bench-pdf.html`)
  // The longest plan the API offers: the fee select's last option.
  const select = page.locator('fees-calculator [part=fee-select]')
  await select.locator('option').first().waitFor({ state: 'attached', timeout: 30_000 })
  const longest = await select.evaluate((element) => {
    const options = [...(element as HTMLSelectElement).options].map((option) => option.value)
    return options[options.length - 1] ?? ''
  })
  await select.selectOption(longest)
  await page.waitForFunction(
    (n) => {
      const root = document.querySelector('fees-calculator')?.shadowRoot
      const save = root?.querySelector('[part=save-button]') as HTMLButtonElement | null
      return (
        (root?.querySelector('[part=fee-select]') as HTMLSelectElement | null)?.value === n && save && !save.disabled
      )
    },
    longest,
    { timeout: 30_000 },
  )
  await page.locator('fees-calculator [part=save-button]').click()
  await page.locator('fees-calculator [data-download=ics]').waitFor({ timeout: 30_000 })
  const fees = await page.locator('fees-calculator [part=schedule] tbody tr').count()
  const press = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const w = window as unknown as { __fileAt: number }
          w.__fileAt = 0
          const button = document
            .querySelector('fees-calculator')!
            .shadowRoot!.querySelector('[data-download=pdf]') as HTMLButtonElement
          const started = performance.now()
          button.click()
          // No named function here: tsx would wrap it in a helper the page does not have.
          const timer = setInterval(() => {
            if (!w.__fileAt) return
            clearInterval(timer)
            resolve(w.__fileAt - started)
          }, 1)
        }),
    )
  const first = await press()
  const later: number[] = []
  for (let i = 0; i < PRESSES; i++) later.push(await press())
  const figures = stats(later)
  line(`press to file, ${fees} fees, first press (chunk fetched)`, ms(first))
  line(
    `press to file, ${fees} fees, later presses (${PRESSES})`,
    `${ms(figures.median)} (${ms(figures.min)}–${ms(figures.max)})`,
  )
  await page.close()
}
