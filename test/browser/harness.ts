import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type DemoServer, startDemo } from '../../server/test/support/reference-server.ts'
import { launchBrowser } from '../support/chromium.ts'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { type OpenOptions, RECORD_EVENTS_SCRIPT } from '../support/pages.ts'
import { type Language, loaded, waitForEvent } from './screen-helpers.ts'

export { type DemoServer, startDemo } from '../../server/test/support/reference-server.ts'
export { ALLOW_LOOPBACK_CROSS_ORIGIN, CHROME_PATH, launchBrowser, requireBuild } from '../support/chromium.ts'

/** Collects what a page reports: uncaught errors and console messages. */
export function watch(page: Page) {
  const errors: string[] = []
  const console: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`))
  return { errors, console }
}

export type { Browser, BrowserContext, Page } from 'playwright-core'

export interface SuiteOptions {
  /** The demo server's environment (see server/src/config.ts). */
  env?: Record<string, string>
  /** Chromium flags beyond the usual ones (e.g. ALLOW_LOOPBACK_CROSS_ORIGIN). */
  args?: string[]
}

/** The options both suites open a page with, and what only Chromium's driver offers. */
export interface ChromiumOpenOptions extends OpenOptions {
  /** Runs before the page loads: routes, init scripts. */
  before?: (page: Page) => unknown
  /** How long a locator waits; 10 s unless said. */
  timeout?: number
}

/** Records every event of every <fees-calculator> in the page from its first script on (`open` does it for its pages). */
export async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(RECORD_EVENTS_SCRIPT)
}

export interface BrowserSuite {
  readonly demo: DemoServer
  readonly browser: Browser
  /** A new page on `path` of the demo server, with what it reports collected (see `logOf`) and the element's events recorded from the first script on (read with screen-helpers.ts). */
  open(path: string, options?: ChromiumOpenOptions): Promise<Page>
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

/** A route's answer: the problem the tests force a failure with (UNAVAILABLE), as application/problem+json, with the given status. */
export const problemReply = (status = 503) => ({
  status,
  contentType: 'application/problem+json',
  body: JSON.stringify({ ...UNAVAILABLE, status }),
})

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
