/**
 * One small driver over the three browser engines the browser tests run in,
 * each through the client that drives Debian's build with nothing to
 * download: Chromium through playwright-core (CDP), Firefox ESR through
 * puppeteer-core (WebDriver BiDi, no geckodriver), WebKit through plain W3C
 * WebDriver to WebKitWebDriver and MiniBrowser (webkit.ts). A test
 * speaks this interface, through TestPage (harness.ts), and reaches
 * Chromium's Playwright page only for what no other engine's protocol
 * offers; what an engine's protocol cannot do (WebKit's WebDriver has no init
 * scripts and no console log) the test pages' probe does in the page itself
 * (page-server.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page as PlaywrightPage } from 'playwright-core'
import puppeteer from 'puppeteer-core'
import { launchBrowser } from './chromium.ts'
import { WebDriverSession } from './webkit.ts'

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
/** How long a wait for a condition in a page may take: a loaded 2-core machine running browsers still answers within this. */
export const WAIT_TIMEOUT_MS = 15_000
export type EngineName = (typeof ENGINES)[number]

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr'
/** What Firefox says of a script it would not run or could not load (its integrity, its load). */
const FIREFOX_LOAD_REPORT = /^None of the .* hashes in the integrity attribute match|^Loading failed for the module/

/**
 * The student's own settings, as the engine is launched with them (Firefox
 * and WebKit read them at start): a dark colour scheme, reduced motion, forced
 * colours (Windows high contrast). Absent: the engine's defaults (light, motion,
 * no forced colours).
 */
export interface StudentSettings {
  colorScheme?: 'light' | 'dark'
  reducedMotion?: boolean
  forcedColors?: boolean
}

/** What each engine can be launched with: WebKitGTK has no forced colours. */
export const SUPPORTED_SETTINGS: Record<EngineName, readonly (keyof StudentSettings)[]> = {
  chromium: ['colorScheme', 'reducedMotion', 'forcedColors'],
  firefox: ['colorScheme', 'reducedMotion', 'forcedColors'],
  webkit: ['colorScheme', 'reducedMotion'],
}

export interface Viewport {
  width: number
  height: number
}

export interface EnginePage {
  readonly engine: EngineName
  /** The viewport it was opened with: the one asked for, or the nearest the engine could give. */
  readonly viewport: Viewport
  /** Loads `url` and resolves once its load event has fired. */
  goto(url: string): Promise<void>
  /** Runs `fn` in the page (current frame) with JSON `args`, awaiting a promise it returns. */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>
  /** Real pointer input: moves to (x, y) of the viewport and presses and releases the primary button there. */
  click(x: number, y: number): Promise<void>
  /** Real key input, one key after the other: names such as `Tab`, `Enter`, `ArrowDown`, or single characters. */
  press(...keys: string[]): Promise<void>
  /** Sets the viewport and gives back the one the engine could give (MiniBrowser's window has a minimum width). */
  setViewport(width: number, height: number): Promise<Viewport>
  /** The viewport as a PNG. */
  screenshot(): Promise<Buffer>
  /** The page printed to PDF (A4, backgrounds off, as a browser prints by default); null where the driver cannot print. */
  pdf(): Promise<Buffer | null>
  /** Runs the next commands inside the iframe `selector` finds (or back in the top page for `null`). */
  frame(selector: string | null): Promise<void>
  /** Uncaught errors the engine reported itself (WebKit's WebDriver reports none). */
  readonly errors: string[]
  /** Every console line the engine reported, as `type: text` (Chromium's names of the types); none from WebKit's WebDriver. */
  readonly console?: string[]
  /** Playwright's own page, in Chromium only. */
  readonly playwright?: PlaywrightPage
  close(): Promise<void>
}

export interface LaunchOptions {
  /** Chromium's flags beyond the usual ones (e.g. ALLOW_LOOPBACK_CROSS_ORIGIN). */
  chromiumArgs?: string[]
  /** The student's own settings the engine is launched with. */
  settings?: StudentSettings
}

export interface Engine {
  readonly name: EngineName
  /**
   * A page in a tab of its own, new or cleared (see KeptTab; WebKit: the one window, cleared, one page at a time), as a student with
   * `settings` sees it (the engine's launch settings unless said): Chromium emulates them per page, Firefox and WebKit
   * read them at launch and give no other.
   */
  newPage(viewport: Viewport, settings?: StudentSettings): Promise<EnginePage>
  /** False once the browser has gone (closed, or crashed). */
  readonly connected: boolean
  close(): Promise<void>
}

/** The settings that are on, in one order: two launches or pages with the same are alike. */
const settingsOn = (settings: StudentSettings = {}) =>
  JSON.stringify(
    Object.entries(settings)
      .filter(([, value]) => value)
      .sort(([a], [b]) => a.localeCompare(b)),
  )

/**
 * What a launch depends on: two launches of the same key give the same engine. Chromium takes the student's settings
 * per page, so only its flags count; Firefox and WebKit read the settings at launch.
 */
export const launchKey = (name: EngineName, { settings, chromiumArgs = [] }: LaunchOptions = {}): string =>
  name === 'chromium' ? `chromium ${JSON.stringify(chromiumArgs)}` : `${name} ${settingsOn(settings)}`

/** Refuses a page with other settings than those `name` was launched with. */
function launchedWith(name: EngineName, launched: StudentSettings, asked: StudentSettings | undefined) {
  if (asked && settingsOn(asked) !== settingsOn(launched))
    throw new Error(`${name} reads the student's settings at launch: launch it with ${settingsOn(asked)}`)
}

export function launchEngine(name: EngineName, options: LaunchOptions = {}): Promise<Engine> {
  const settings = options.settings ?? {}
  const unsupported = (Object.keys(settings) as (keyof StudentSettings)[]).filter(
    (key) => settings[key] !== undefined && !SUPPORTED_SETTINGS[name].includes(key),
  )
  if (unsupported.length) throw new Error(`${name} cannot be launched with ${unsupported.join(', ')}`)
  if (name === 'chromium') return launchChromium(settings, options.chromiumArgs)
  if (name === 'firefox') return launchFirefox(settings)
  return launchWebKit(settings)
}

/** `fn(...args)` as an expression, for clients that take a script's text. */
const call = (fn: (...args: never[]) => unknown, args: unknown[]) =>
  `(${fn.toString()}).apply(null, ${JSON.stringify(args)})`

/**
 * A tab a test is done with, kept for the next page: a new tab costs the engine a content process, a navigation in a
 * kept one does not (the figures: docs/development.md, beside `tabsKept`). A kept tab is left on about:blank with no
 * cookies (they are the host's, whatever the port), the mouse in its corner, and its page's listeners reporting to the
 * next page; each test's page server is on a port of its own, so no cache or storage of one test's origin is
 * another's. A tab whose Playwright page a test took (init scripts, routes,
 * offline, headers outlive a navigation), a Chromium tab with the student's settings emulated, or one that could not
 * be cleared is closed instead.
 */
interface KeptTab<T> {
  tab: T
  /** Where the tab's listeners report: the page that has it now. */
  report: { errors: string[]; console: string[] }
}

/** Keeps tabs for reuse: `take` gives a kept one or opens one, `keep` clears one for the next page or closes it. */
function tabsKept<T>(open: () => Promise<T>, listen: (tab: T, kept: KeptTab<T>) => void) {
  const idle: KeptTab<T>[] = []
  return {
    /** A kept tab, or a new one; always a new one when `reuse` is false. */
    async take(reuse = true): Promise<KeptTab<T>> {
      const tab = reuse ? idle.pop() : undefined
      if (tab) {
        tab.report = { errors: [], console: [] }
        return tab
      }
      const fresh: KeptTab<T> = { tab: await open(), report: { errors: [], console: [] } }
      listen(fresh.tab, fresh)
      return fresh
    },
    async keep(kept: KeptTab<T>, reusable: boolean, clear: () => Promise<void>, close: () => Promise<void>) {
      // What the tab reports from now on is no page's: the one that had it has been read.
      kept.report = { errors: [], console: [] }
      if (reusable) {
        try {
          await clear()
          idle.push(kept)
          return
        } catch {}
      }
      await close()
    },
  }
}

async function launchChromium(settings: StudentSettings, args: string[] = []): Promise<Engine> {
  const browser = await launchBrowser(args)
  const media = (asked: StudentSettings) => ({
    ...(asked.colorScheme ? { colorScheme: asked.colorScheme } : {}),
    ...(asked.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
    ...(asked.forcedColors ? { forcedColors: 'active' as const } : {}),
  })
  const tabs = tabsKept(
    // Each tab in a browsing context of its own, as Playwright's browser.newPage gives.
    async () => {
      const page = await browser.newPage()
      // A locator of a test's own waits as long as the harness's own waits do.
      page.setDefaultTimeout(WAIT_TIMEOUT_MS)
      return page
    },
    (page, kept) => {
      page.on('pageerror', (error) => kept.report.errors.push(error.message))
      page.on('console', (message) => {
        kept.report.console.push(`${message.type()}: ${message.text()}`)
      })
    },
  )
  return {
    name: 'chromium',
    async newPage(viewport, asked = settings) {
      // Playwright emulates the student's settings per page, through the DevTools protocol. A page with settings has
      // a new tab, closed after it (a kept tab with forced colours emulated hung a test's page once in a full run);
      // the kept tabs never had any.
      const plain = settingsOn(asked) === settingsOn({})
      const kept = await tabs.take(plain)
      const page = kept.tab
      await page.setViewportSize(viewport)
      if (!plain) await page.emulateMedia(media(asked))
      const { errors, console: lines } = kept.report
      let frame = page.mainFrame()
      let reusable = plain
      return {
        engine: 'chromium',
        viewport,
        errors,
        console: lines,
        get playwright() {
          reusable = false
          return page
        },
        goto: async (url) => {
          await page.goto(url)
          frame = page.mainFrame()
        },
        evaluate: (fn, ...args) => frame.evaluate(call(fn, args)),
        click: (x, y) => page.mouse.click(x, y),
        press: async (...keys) => {
          for (const key of keys) await page.keyboard.press(key)
        },
        setViewport: async (width, height) => {
          await page.setViewportSize({ width, height })
          return { width, height }
        },
        screenshot: () => page.screenshot(),
        pdf: () => page.pdf({ format: 'A4' }),
        frame: async (selector) => {
          frame = selector === null ? page.mainFrame() : (await (await frame.$(selector))!.contentFrame())!
        },
        close: () =>
          tabs.keep(
            kept,
            reusable && !page.isClosed(),
            async () => {
              await page.goto('about:blank')
              await page.mouse.move(0, 0)
              await page.context().clearCookies()
            },
            // The tab's context goes with it.
            () => page.close(),
          ),
      }
    },
    get connected() {
      return browser.isConnected()
    },
    close: () => browser.close(),
  }
}

async function launchFirefox(settings: StudentSettings): Promise<Engine> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`No Firefox at ${FIREFOX_PATH}. Install it with \`apt-get install -y firefox-esr\`.`)
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // Each page is given its viewport as it opens (newPage), not first Puppeteer's 800 × 600.
    defaultViewport: null,
    extraPrefsFirefox: firefoxPrefs(settings),
  })
  const tabs = tabsKept(
    // Each tab in a browsing context of its own.
    async () => {
      const context = await browser.createBrowserContext()
      return { context, page: await context.newPage() }
    },
    ({ page }, kept) => {
      page.on('pageerror', (error) => {
        const message = error instanceof Error ? error.message : String(error)
        // Firefox reports a subresource it refused or could not load as a page error; Chromium, like any console
        // line: it is filed with the console here too, so that a test may declare it its own.
        if (FIREFOX_LOAD_REPORT.test(message)) kept.report.console.push(`error: ${message}`)
        else kept.report.errors.push(message)
      })
      page.on('console', (message) => {
        // Puppeteer names a warning `warn` where Chromium's protocol says `warning`.
        kept.report.console.push(`${message.type() === 'warn' ? 'warning' : message.type()}: ${message.text()}`)
      })
    },
  )
  return {
    name: 'firefox',
    async newPage(viewport, asked) {
      launchedWith('firefox', settings, asked)
      const kept = await tabs.take()
      const { context, page } = kept.tab
      await page.setViewport(viewport)
      const { errors, console: lines } = kept.report
      let frame = page.mainFrame()
      return {
        engine: 'firefox',
        viewport,
        errors,
        console: lines,
        goto: async (url) => {
          await page.goto(url)
          frame = page.mainFrame()
        },
        evaluate: (fn, ...args) => frame.evaluate(call(fn, args)) as never,
        click: (x, y) => page.mouse.click(x, y),
        press: async (...keys) => {
          for (const key of keys) await page.keyboard.press(key as never)
        },
        setViewport: async (width, height) => {
          await page.setViewport({ width, height })
          return { width, height }
        },
        screenshot: async () => Buffer.from(await page.screenshot()),
        pdf: async () => Buffer.from(await page.pdf({ format: 'A4' })),
        frame: async (selector) => {
          frame = selector === null ? page.mainFrame() : (await (await frame.$(selector))!.contentFrame())!
        },
        close: () =>
          tabs.keep(
            kept,
            !page.isClosed(),
            async () => {
              await page.goto('about:blank')
              await page.mouse.move(0, 0)
              await context.deleteCookie(...(await context.cookies()))
            },
            () => context.close(),
          ),
      }
    },
    get connected() {
      return browser.connected
    },
    close: () => browser.close(),
  }
}

/** Firefox reads the student's settings from its preferences, as the operating system's would set them. */
function firefoxPrefs(settings: StudentSettings): Record<string, number> {
  return {
    // 0 dark, 1 light: what pages see as prefers-color-scheme (and the native controls' scheme).
    ...(settings.colorScheme
      ? {
          'layout.css.prefers-color-scheme.content-override': settings.colorScheme === 'dark' ? 0 : 1,
          'ui.systemUsesDarkTheme': settings.colorScheme === 'dark' ? 1 : 0,
        }
      : {}),
    ...(settings.reducedMotion ? { 'ui.prefersReducedMotion': 1 } : {}),
    // 2: always use the browser's colours instead of the page's, which is forced-colors: active.
    ...(settings.forcedColors ? { 'browser.display.document_color_use': 2 } : {}),
  }
}

/**
 * WebKitGTK takes the student's settings from GTK's: MiniBrowser's dark mode (GTK's dark theme) is
 * prefers-color-scheme: dark, and GTK's animations turned off (a settings.ini of its own) is
 * prefers-reduced-motion: reduce.
 */
function webKitOptions(settings: StudentSettings): { args: string[]; env: Record<string, string>; dir?: string } {
  const args = [
    // The scrollbars stay overlay scrollbars, as in Safari, without the controller that fades them out: on Xvfb's
    // software-rendered display that fade took 4-5 s of CPU in the five seconds after a page that scrolls (the demo
    // portal) had loaded, against under 1 s for the same page without it (measured in /proc/stat).
    '--features=+MockScrollbarsController',
    ...(settings.colorScheme === 'dark' ? ['--dark-mode'] : []),
  ]
  if (!settings.reducedMotion) return { args, env: {} }
  const dir = mkdtempSync(join(tmpdir(), 'fc-webkit-gtk-'))
  mkdirSync(join(dir, 'gtk-3.0'))
  writeFileSync(join(dir, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=0\n')
  return { args, env: { XDG_CONFIG_HOME: dir }, dir }
}

async function launchWebKit(settings: StudentSettings): Promise<Engine> {
  const { dir, ...options } = webKitOptions(settings)
  const session = await WebDriverSession.start(options).catch((error: unknown) => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    throw error
  })
  // MiniBrowser's window is its viewport plus its toolbar: measured once, to give the viewport asked for.
  let toolbar: number | undefined
  let open = false
  // The window keeps its size from page to page (most ask for the same): it is only set to another.
  let size: { width: number; height: number; got: Viewport } | undefined
  // Whether the window is on about:blank, in its top frame, with no page's cookies: as a page's close leaves it.
  let blank = false
  const innerSize = () => session.execute<Viewport>('() => ({ width: innerWidth, height: innerHeight })', [])
  const setViewport = async (width: number, height: number) => {
    if (size?.width === width && size.height === height) return size.got
    size = undefined
    if (toolbar === undefined) {
      await session.send('POST', '/window/rect', { width, height })
      toolbar = height - (await innerSize()).height
    }
    await session.send('POST', '/window/rect', { width, height: height + toolbar })
    // The window has its new size before the page has laid out and painted at it: wait for both.
    const got = await session.execute<Viewport>(
      `(width, height) => new Promise((resolve) => {
        const check = () => innerHeight === height && (innerWidth === width || innerWidth > width)
          ? requestAnimationFrame(() => requestAnimationFrame(() => resolve({ width: innerWidth, height: innerHeight })))
          : requestAnimationFrame(check)
        check()
      })`,
      [width, height],
    )
    size = { width, height, got }
    return got
  }
  return {
    name: 'webkit',
    async newPage(viewport, asked) {
      launchedWith('webkit', settings, asked)
      if (open) throw new Error('WebKit runs one page at a time here: close the last one first')
      open = true
      if (!blank) {
        await session.send('POST', '/frame', { id: null })
        await session.send('POST', '/url', { url: 'about:blank' })
      }
      blank = false
      const page: EnginePage = {
        engine: 'webkit',
        viewport: await setViewport(viewport.width, viewport.height),
        errors: [],
        goto: async (url) => {
          await session.send('POST', '/url', { url })
        },
        evaluate: (fn, ...args) => session.execute(fn.toString(), args),
        click: async (x, y) => {
          await session.pointer([
            { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y) },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
          ])
        },
        press: async (...keys) => {
          await session.keys(keys)
        },
        setViewport,
        screenshot: async () => Buffer.from(await session.send<string>('GET', '/screenshot'), 'base64'),
        // WebKitWebDriver has no Print Page command.
        pdf: async () => null,
        frame: async (selector) => {
          const id =
            selector === null
              ? null
              : await session.element('(selector) => document.querySelector(selector)', [selector])
          await session.send('POST', selector === null ? '/frame/parent' : '/frame', selector === null ? {} : { id })
        },
        close: async () => {
          open = false
          await session.send('POST', '/frame', { id: null })
          // WebDriver deletes the cookies of the page's host (every port's), so before the page goes: on about:blank
          // it deletes none.
          await session.send('DELETE', '/cookie')
          await session.send('POST', '/url', { url: 'about:blank' })
          blank = true
        },
      }
      return page
    },
    get connected() {
      return session.running
    },
    close: async () => {
      try {
        await session.close()
      } finally {
        if (dir) rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
