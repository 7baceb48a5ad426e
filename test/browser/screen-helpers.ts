// Helpers of the screen's browser tests: read the widget through its shadow root as a user sees it.
import type { Page } from 'playwright-core'
import { beforeAll } from 'vitest'
import type { BrowserSuite } from './harness.ts'

export const EVENT_NAMES = ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent'] as const
export type Language = 'es' | 'en'
/** The Intl locales the widget formats with (src/ui/format.ts). */
export const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB' }

export interface RecordedEvent {
  name: string
  // biome-ignore lint/suspicious/noExplicitAny: an event's detail as the page serialised it; each test reads the fields of its event.
  detail: any
}

/** Records every event of every <fees-calculator> from the first script on, so none is missed before a test listens. */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(
    (names) => {
      const events: { name: string; detail: unknown }[] = []
      ;(window as unknown as { __fcEvents: typeof events }).__fcEvents = events
      for (const name of names)
        document.addEventListener(name, (event) => events.push({ name, detail: (event as CustomEvent).detail }), true)
    },
    [...EVENT_NAMES],
  )
}

export function events(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as { __fcEvents: RecordedEvent[] }).__fcEvents)
}

/** Waits for the `count`-th event of that name (1-based) and returns its detail. */
// biome-ignore lint/suspicious/noExplicitAny: the detail as the page serialised it; each test reads the fields of its event.
export async function waitForEvent(page: Page, name: string, count = 1): Promise<any> {
  await page.waitForFunction(
    ([n, c]) =>
      (window as unknown as { __fcEvents: { name: string }[] }).__fcEvents.filter((e) => e.name === n).length >=
      (c as number),
    [name, count] as const,
  )
  const all = await events(page)
  return all.filter((e) => e.name === name)[count - 1]!.detail
}

/** The text of a part of the first widget (Playwright's CSS locators pierce open shadow roots). */
export async function text(page: Page, selector: string): Promise<string> {
  return (await page.locator(`fees-calculator ${selector}`).first().textContent())!.trim()
}

/** Waits until the widget is idle: no calculation or save under way. */
export async function settled(page: Page): Promise<void> {
  await page.locator('fees-calculator .fc-card[data-busy=false]').first().waitFor()
}

/** Waits until the first widget shows a loaded plan and nothing is under way, and gives the page back. */
export async function loaded(page: Page): Promise<Page> {
  await page.locator('fees-calculator .fc[data-state=loaded]').waitFor()
  await settled(page)
  return page
}

/** What the widget should show for a money figure: Intl in the same browser, same options. */
export function money(page: Page, language: Language, currency: string, values: number[]): Promise<string[]> {
  return page.evaluate(
    ([locale, code, list]) => {
      const format = new Intl.NumberFormat(locale as string, {
        style: 'currency',
        currency: code as string,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      return (list as number[]).map((v) => format.format(v))
    },
    [LOCALES[language], currency, values] as const,
  )
}

export function percent(page: Page, language: Language, values: number[]): Promise<string[]> {
  return page.evaluate(
    ([locale, list]) => {
      const format = new Intl.NumberFormat(locale as string, {
        style: 'percent',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      return (list as number[]).map((v) => format.format(v))
    },
    [LOCALES[language], values] as const,
  )
}

/** `YYYY-MM-DD` → `DD / MM / YYYY`, the read-only date. */
export const spacedDate = (iso: string) => iso.split('-').reverse().join(' / ')

/** Local calendar days, as the calendar counts them. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * A plan saved in each language by clicking SAVE on the portal, before the
 * suite's tests run: their version hashes, to reopen by hash.
 */
export function savedPlans(suite: BrowserSuite): Readonly<Partial<Record<Language, string>>> {
  const saved: Partial<Record<Language, string>> = {}
  beforeAll(async () => {
    for (const language of ['es', 'en'] as const) {
      const page = await loaded(await suite.open(`/demo/portal.html?lang=${language}`))
      await page.locator('fees-calculator [part=save-button]').click()
      saved[language] = (await waitForEvent(page, 'feeOptionSelectedEvent')).versionHashCode
      await page.close()
    }
  })
  return saved
}

/** The error body the tests make the API answer with when they force a failure. */
export const UNAVAILABLE = {
  type: 'about:blank',
  title: 'Service unavailable',
  status: 503,
  code: 'unavailable',
  detail: 'Try again later.',
}

/** A route's answer: that problem, as application/problem+json, with the given status. */
export const problemReply = (status = 503) => ({
  status,
  contentType: 'application/problem+json',
  body: JSON.stringify({ ...UNAVAILABLE, status }),
})

/**
 * Opens a host page of the demo server's origin made of one `<fees-calculator>`
 * with the given attributes (an API root elsewhere, an input), recording its events.
 */
export async function openHostPage(suite: BrowserSuite, attributes: string) {
  const page = await suite.open(`/host-${Math.random().toString(36).slice(2)}.html`, {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script></head>
<body><fees-calculator ${attributes}></fees-calculator></body></html>`,
  })
  return { page, log: suite.logOf(page) }
}
