import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type DemoServer, startDemo } from '../../server/tools/reference-server.ts'
import { launchBrowser } from '../../tools/browsers.ts'
import { recordEvents } from './screen-helpers.ts'

export { type DemoServer, startDemo } from '../../server/tools/reference-server.ts'
export { ALLOW_LOOPBACK_CROSS_ORIGIN, CHROME_PATH, launchBrowser, requireBuild } from '../../tools/browsers.ts'

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

export interface SuiteOptions {
  /** The demo server's environment (see server/src/config.ts). */
  env?: Record<string, string>
  /** Chromium flags beyond the usual ones (e.g. ALLOW_LOOPBACK_CROSS_ORIGIN). */
  args?: string[]
}

export interface OpenOptions {
  /** The viewport; 1100 × 900 unless said. */
  width?: number
  height?: number
  /** Runs before the page loads: routes, init scripts, event recorders. */
  before?: (page: Page) => unknown
  /** A host page of the test's own, served at `path` on the demo server's origin. */
  html?: string
  /** How long a locator waits; 10 s unless said. */
  timeout?: number
}

export interface BrowserSuite {
  readonly demo: DemoServer
  readonly browser: Browser
  /** A new page on `path` of the demo server, with what it reports collected (see `logOf`) and the element's events recorded from the first script on (see screen-helpers.ts). */
  open(path: string, options?: OpenOptions): Promise<Page>
  /** The uncaught errors and console messages of a page `open` made. */
  logOf(page: Page): ReturnType<typeof watch>
}

/**
 * The demo server and Chromium for one test file: started before its tests,
 * closed after them, and one `open` for every page the tests load.
 */
export function browserSuite(options: SuiteOptions = {}): BrowserSuite {
  let demo: DemoServer | undefined
  let browser: Browser | undefined
  const logs = new WeakMap<Page, ReturnType<typeof watch>>()
  beforeAll(async () => {
    ;[demo, browser] = await Promise.all([startDemo(options.env), launchBrowser(options.args)])
  })
  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started: use the suite inside a test or a hook`)
    return value
  }
  return {
    get demo() {
      return started(demo, 'demo server')
    },
    get browser() {
      return started(browser, 'browser')
    },
    async open(path, { width = 1100, height = 900, before, html, timeout = 10_000 } = {}) {
      const page = await started(browser, 'browser').newPage({ viewport: { width, height } })
      page.setDefaultTimeout(timeout)
      logs.set(page, watch(page))
      await recordEvents(page)
      const url = `${started(demo, 'demo server').url}${path}`
      if (html !== undefined) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }))
      await before?.(page)
      await page.goto(url)
      return page
    },
    logOf(page) {
      const log = logs.get(page)
      if (!log) throw new Error('this page was not opened by the suite')
      return log
    },
  }
}

export interface HeldRequest {
  /** Resolves when the request has arrived and is being held. */
  arrived: Promise<void>
  /** Lets it go on to the server, or answers it with `reply` instead; later requests pass. */
  release(reply?: Parameters<Route['fulfill']>[0]): Promise<void>
}

/** Holds the next request (not a preflight) matching `pattern` until the test releases it: no timing is guessed. */
export async function hold(page: Page, pattern: string): Promise<HeldRequest> {
  let held: Route | undefined
  let arrived!: () => void
  const arrivedPromise = new Promise<void>((resolve) => (arrived = resolve))
  await page.route(pattern, (route) => {
    if (held || route.request().method() === 'OPTIONS') return route.continue()
    held = route
    arrived()
  })
  return {
    arrived: arrivedPromise,
    async release(reply) {
      await arrivedPromise
      await (reply ? held!.fulfill(reply) : held!.continue())
      await page.unroute(pattern)
    },
  }
}
