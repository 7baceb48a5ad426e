// Reading the widget in a Chromium page as a user and its host see it: its text and state through the shadow
// root, the events it sent (recorded by harness.ts), and the figures Intl would show.
import type { Page } from 'playwright-core'
import type { RecordedEvent, RecordingWindow } from '../support/pages.ts'

export type Language = 'es' | 'en'
/** The Intl locales the widget formats with (src/ui/format.ts). */
export const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-GB' }

/** The events the page's elements sent so far, in order. */
export function events(page: Page): Promise<RecordedEvent[]> {
  return page.evaluate(() => (window as unknown as RecordingWindow).__fcEvents)
}

/** Waits for the `count`-th event of that name (1-based) and returns its detail. */
// biome-ignore lint/suspicious/noExplicitAny: the detail as the page serialised it; each test reads the fields of its event.
export async function waitForEvent(page: Page, name: string, count = 1): Promise<any> {
  await page.waitForFunction(
    ([n, c]) => (window as unknown as RecordingWindow).__fcEvents.filter((e) => e.name === n).length >= (c as number),
    [name, count] as const,
  )
  const all = await events(page)
  return all.filter((e) => e.name === name)[count - 1]!.detail
}

/** Resolves with the detail of the next `name` event the page's first <fees-calculator> sends. */
export function nextEvent<T = unknown>(page: Page, name: string, selector = 'fees-calculator'): Promise<T> {
  return page.evaluate(
    ([eventName, sel]) =>
      new Promise<T>((resolve) => {
        document
          .querySelector(sel!)!
          .addEventListener(eventName!, (event) => resolve((event as CustomEvent).detail as T), { once: true })
      }),
    [name, selector] as const,
  )
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
