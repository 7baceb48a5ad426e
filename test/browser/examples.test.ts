/**
 * The example apps of examples/, one per host framework, each built in production mode against the packed package
 * (the tarball `npm pack` makes, installed where the examples resolve it) and driven in Chromium as a user and its
 * host would: the figures appear, each event reaches the app's handler with its detail, the React and Vue apps'
 * forms submit the saved plan's hash only after SAVE, a token refresh sends
 * nothing, hiding and showing the calculator leaves no error and no stray element and the new one works, and the
 * console has no error or framework warning.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, waitUntilAnswering } from '../../server/test/support/server-process.ts'
import { describeEngines, started, type TestPage } from '../support/harness.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const EXAMPLES = join(ROOT, 'examples')
/** The Vite apps: built by the test, one `vite build` each. */
const VITE_APPS = ['react', 'vue', 'svelte'] as const
/** The apps that share one host page's contract: #toggle, #refresh, #bad-date and #log. */
const APPS = [...VITE_APPS, 'angular'] as const
type Example = (typeof APPS)[number]
/** Where each app's build writes its page. */
const outputOf = (app: Example) => join(EXAMPLES, app, 'dist', ...(app === 'angular' ? ['browser'] : []))

const run = (cwd: string, command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd,
    stdio: 'pipe',
    encoding: 'utf8',
    // Next.js asks the network for nothing then.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false' },
  })

/** The packed package, installed in examples/node_modules as `npm install <tarball>` would put it. */
function installPackedPackage() {
  const work = mkdtempSync(join(tmpdir(), 'fees-examples-'))
  try {
    const tarball = run(ROOT, 'npm', ['pack', '--silent', '--pack-destination', work]).trim().split('\n').pop()!
    run(work, 'tar', ['-xzf', join(work, tarball)])
    const target = join(EXAMPLES, 'node_modules', 'fees-calculator')
    rmSync(target, { recursive: true, force: true })
    mkdirSync(join(EXAMPLES, 'node_modules'), { recursive: true })
    renameSync(join(work, 'package'), target)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * The Next.js example's own server (`next start`) on a free loopback port, rendering the calculator's card with what
 * the API at `apiRoot` answers.
 */
async function startNext(apiRoot: string): Promise<{ url: string; close(): void }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const next = spawn(
    join(ROOT, 'node_modules', '.bin', 'next'),
    ['start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: join(EXAMPLES, 'next'),
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', FEES_API_ROOT: apiRoot },
      stdio: 'ignore',
    },
  )
  await waitUntilAnswering(`${url}/next`, next)
  return { url, close: () => next.kill('SIGTERM') }
}

const timings: string[] = []

// The package packed once, before the suite; each app built before its own tests (so `-t "the vue example"` builds
// only that one): what the tests then open in the browser.
beforeAll(() => {
  const started = performance.now()
  installPackedPackage()
  timings.push(`pack and install ${Math.round(performance.now() - started)} ms`)
}, 300_000)

/** Builds an example app for production, as its own tooling does. */
function build(app: Example | 'next'): void {
  const t = performance.now()
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)
  if (app === 'next') run(join(EXAMPLES, 'next'), bin('next'), ['build'])
  else if (app === 'angular') run(join(EXAMPLES, 'angular'), bin('ng'), ['build'])
  else run(join(EXAMPLES, app), bin('vite'), ['build', '--logLevel', 'warn'])
  timings.push(`${app} build ${Math.round(performance.now() - t)} ms`)
}

afterAll(() => console.info(`examples: ${timings.join(', ')}`))

interface ApiCall {
  path: string
  authorization: string | undefined
}

/** What the app's handlers received, in order: [event name, detail]. */
const received = (page: TestPage) =>
  page.playwright
    .locator('#log li')
    .evaluateAll((items) =>
      items.map((li) => [li.getAttribute('data-event') ?? '', JSON.parse(li.textContent ?? 'null')] as const),
    )
const receivedOf = async (page: TestPage, name: string) =>
  (await received(page)).filter(([event]) => event === name).map(([, detail]) => detail)

const element = 'fees-calculator'
const feeOf = (page: TestPage) => page.playwright.locator('fees-calculator').first().locator('[data-figure=feeAmount]')
/** Errors and framework warnings on the console. */
const complaints = async (page: TestPage) => (await page.console()).filter((line) => /^(error|warning)/.test(line))

describeEngines('the example apps', ['chromium'], (suite) => {
  /** A token other than `token` from the demo's sign-in (tokens minted in the same second are equal). */
  async function anotherToken(token: string): Promise<string> {
    for (;;) {
      const next = await suite.demo.token()
      if (next !== token) return next
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  /** Opens an example's built app on the demo server's origin (the API is then same-origin, as in a portal). */
  async function openExample(app: Example, token: string): Promise<{ page: TestPage; api: () => ApiCall[] }> {
    const prefix = `/examples/${app}/`
    suite.pages.serve(prefix, outputOf(app))
    const page = await suite.open(`${prefix}index.html`, {
      before: ({ playwright }) =>
        playwright.addInitScript((t) => {
          ;(window as unknown as { exampleAuth: { token: string } }).exampleAuth = { token: t }
        }, token),
    })
    const api = () =>
      suite.pages.requests
        .filter((request) => request.path.startsWith('/api/') && request.method !== 'OPTIONS')
        .map((request) => ({ path: request.path.split('?')[0]!, authorization: request.headers.authorization }))
    return { page, api }
  }

  describe.each(APPS)('the %s example', (app) => {
    beforeAll(() => build(app), 300_000)
    /** The apps whose calculator sits in a form of the framework's own idiom (onSubmit, @submit.prevent). */
    const inForm = app === 'react' || app === 'vue'

    it('calculates, saves and tells its handlers, keeps quiet on a token refresh, and survives hiding and showing', async () => {
      const token = await suite.demo.token()
      const { page, api } = await openExample(app, token)

      // The figures, and the result in the app's handler.
      await expect.poll(() => receivedOf(page, 'calculationResultReceivedEvent')).toHaveLength(1)
      const [result] = await receivedOf(page, 'calculationResultReceivedEvent')
      expect(result).toMatchObject({ totalFees: expect.any(Number), feeAmount: expect.any(Number) })
      await expect.poll(() => feeOf(page).textContent()).toMatch(/\d/)

      // A new token from the auth service: nothing is sent now, and the next call (the save) carries it.
      const refreshed = await anotherToken(token)
      const sentBefore = api().length
      await page.evaluate((t) => {
        ;(window as unknown as { exampleAuth: { token: string } }).exampleAuth.token = t
      }, refreshed)
      await page.playwright.locator('#refresh').click()
      await page.playwright.waitForTimeout(300)
      expect(api().slice(sentBefore)).toEqual([])

      // In a form: Continue does nothing before a save; the browser points at SAVE.
      if (inForm) {
        await page.playwright.locator('#continue').click()
        await page.playwright.waitForTimeout(300)
        expect(await receivedOf(page, 'submit')).toEqual([])
        expect(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('part'))).toBe(
          'save-button',
        )
      }

      // SAVE: the plan in the app's handler.
      await page.playwright.locator('fees-calculator').first().locator('[part~="save-button"]').click()
      await expect.poll(() => receivedOf(page, 'feeOptionSelectedEvent')).toHaveLength(1)
      const [saved] = await receivedOf(page, 'feeOptionSelectedEvent')
      expect(saved).toMatchObject({ versionHashCode: expect.any(String) })
      // Continue now submits, and the app's submit handler reads the saved version's hash from the form.
      if (inForm) {
        await page.playwright.locator('#continue').click()
        await expect.poll(() => receivedOf(page, 'submit')).toEqual([{ plan: saved.versionHashCode }])
      }
      expect(
        api()
          .slice(sentBefore)
          .map((call) => call.authorization),
      ).toContain(`Bearer ${refreshed}`)
      expect(
        api()
          .slice(sentBefore)
          .map((call) => call.authorization),
      ).not.toContain(`Bearer ${token}`)

      // Hidden, then shown again: no element left behind, and the new one calculates and saves.
      await page.playwright.locator('#toggle').click()
      await expect.poll(() => page.playwright.locator(element).count()).toBe(0)
      await page.playwright.locator('#toggle').click()
      await expect.poll(() => receivedOf(page, 'calculationResultReceivedEvent')).toHaveLength(2)
      expect(await page.playwright.locator(element).count()).toBe(1)
      await expect.poll(() => feeOf(page).textContent()).toMatch(/\d/)
      await page.playwright.locator('fees-calculator').first().locator('[part~="save-button"]').click()
      await expect.poll(() => receivedOf(page, 'feeOptionSelectedEvent')).toHaveLength(2)

      // A bad date from the app: the refusal in its handler.
      await page.playwright.locator('#bad-date').click()
      await expect.poll(() => receivedOf(page, 'invalidTuitionEvent')).toHaveLength(1)
      expect((await receivedOf(page, 'invalidTuitionEvent'))[0]).toMatchObject({ code: 'invalid_date' })

      // The React example's <FeesCalculator> beside the element: its own figures, and onFeeOptionSelected.
      if (app === 'react') {
        const component = page.playwright.locator('#component')
        await expect.poll(() => component.locator('[data-figure=feeAmount]').textContent()).toMatch(/\d/)
        await component.locator('[part~="save-button"]').click()
        await expect.poll(() => receivedOf(page, 'component:feeOptionSelected')).toHaveLength(1)
        expect((await receivedOf(page, 'component:feeOptionSelected'))[0]).toMatchObject({
          versionHashCode: expect.any(String),
        })
      }

      expect(await complaints(page)).toEqual([])
    })
  })

  describe('the Next.js example (App Router, its card rendered on the server for each request)', () => {
    beforeAll(() => build('next'), 300_000)
    const next = started(() => startNext(`${suite.demo.url}/api/v1`))

    it('renders each request on the server, the card with its figures in the language the browser asks for, no token', async () => {
      const token = await suite.demo.token()
      const render = async (acceptLanguage: string, cookie?: string) => {
        const answer = await fetch(`${next().url}/next`, {
          headers: { 'Accept-Language': acceptLanguage, ...(cookie ? { Cookie: cookie } : {}) },
        })
        return { cacheControl: answer.headers.get('Cache-Control'), html: await answer.text() }
      }
      const catalan = await render('ca-ES,ca;q=0.9,en;q=0.8', `example-token=${token}`)
      const galician = await render('gl', `example-token=${token}`)
      // Not a file made at build time: each answer is rendered for its request, and no cache may keep it.
      expect(catalan.cacheControl).toMatch(/no-store/)
      // The card, with its figures, in a declarative shadow root, in the language the server chose; not the token.
      expect(catalan.html).toContain('<template shadowrootmode="open">')
      expect(catalan.html).toMatch(/<div class=\\?"fc\\?" part=\\?"base\\?" lang=\\?"ca\\?"/)
      expect(catalan.html).toMatch(/data-figure=\\?"feeAmount\\?">\d[\d.,]*\u00a0€/)
      expect(galician.html).toMatch(/lang=\\?"gl\\?" data-state=\\?"loaded\\?"/)
      expect(catalan.html).not.toContain(token)
      // Without the student's token the API refuses, and the element comes without figures: it calculates in the browser.
      const signedOut = await render('ca')
      expect(signedOut.html).not.toContain('shadowrootmode')
      expect(signedOut.html).toContain('<fees-calculator tuition-input=')
    })

    it('takes the card over without a warning, sends nothing for its figures, then calculates and saves', async () => {
      const token = await suite.demo.token()
      // The app on the demo server's origin, under /next as a portal mounts it: the API is then same-origin.
      suite.pages.forward('/next', next().url)
      const page = await suite.open('/next', {
        before: async ({ playwright }) => {
          await playwright.setExtraHTTPHeaders({ 'Accept-Language': 'eu-ES,eu;q=0.9' })
          await playwright.context().addCookies([{ name: 'example-token', value: token, url: suite.origin }])
          await playwright.addInitScript((t) => {
            ;(window as unknown as { exampleAuth: { token: string } }).exampleAuth = { token: t }
          }, token)
        },
      })
      await expect.poll(() => receivedOf(page, 'calculationResultReceivedEvent')).toHaveLength(1)
      await page.takenOver()
      const fee = page.playwright.locator('main fees-calculator [data-figure=feeAmount]')
      expect(await fee.textContent()).toMatch(/\d/)
      expect(await page.playwright.locator('main fees-calculator .fc').getAttribute('lang')).toBe('eu')
      const api = () => suite.pages.requests.filter((request) => request.path.startsWith('/api/'))
      expect(api()).toEqual([])
      // The first change is the first calculation, with the browser's token.
      await page.playwright.locator('main fees-calculator [part=fee-select]').selectOption({ index: 3 })
      await expect.poll(() => receivedOf(page, 'calculationResultReceivedEvent')).toHaveLength(2)
      expect(api()[0]?.headers.authorization).toBe(`Bearer ${token}`)
      await page.settled()
      await page.playwright.locator('main fees-calculator [part~="save-button"]').click()
      await expect.poll(() => receivedOf(page, 'feeOptionSelectedEvent')).toHaveLength(1)
      expect((await receivedOf(page, 'feeOptionSelectedEvent'))[0]).toMatchObject({
        versionHashCode: expect.any(String),
      })
      expect(await complaints(page)).toEqual([])
    })
  })
})
