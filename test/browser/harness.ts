import type { Page } from 'playwright-core'

export {
  ALLOW_LOOPBACK_CROSS_ORIGIN,
  CHROME_PATH,
  launchBrowser,
  requireBuild,
  startDemo,
  type DemoServer,
} from '../../tools/browsers.ts'

/** Collects what a page reports: uncaught errors and console messages. */
export function watch(page: Page) {
  const errors: string[] = []
  const console: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`))
  return { errors, console }
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

export type { Browser, BrowserContext, Page } from 'playwright-core'
