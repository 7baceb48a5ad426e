import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startDemo } from '../../server/test/support/reference-server.ts'
import type { TuitionInput } from '../../src/domain/types.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN } from '../support/chromium.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

/** What a token looks like in the demo pages' HTML. */
const tokenIn = (html: string) => /"token":"([^"]+)"/.exec(html)?.[1] ?? /token: '([^']+)'/.exec(html)?.[1] ?? null

interface SeenRequest {
  url: string
  method: string
  headers: Record<string, string>
  body: string | null
}

function recordRequests(page: Page): SeenRequest[] {
  const seen: SeenRequest[] = []
  page.on('request', (request) =>
    seen.push({ url: request.url(), method: request.method(), headers: request.headers(), body: request.postData() }),
  )
  return seen
}

/**
 * The bodies the page's own code hands to fetch. ky sends them as streams,
 * which Playwright's request log does not show, so they are read in the page.
 */
async function recordFetchBodies(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const bodies: string[] = []
    ;(window as unknown as { __bodies: string[] }).__bodies = bodies
    const original = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const request = new Request(input, init)
      if (request.body) bodies.push(await request.clone().text())
      return original(request)
    }
  })
  return () => page.evaluate(() => (window as unknown as { __bodies: string[] }).__bodies)
}

/** Everything the page shows: light DOM without the host's own scripts, and every open shadow root. */
const allMarkup = (page: TestPage) =>
  page.evaluate(() => {
    const parts: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName !== 'SCRIPT')
          parts.push(el.cloneNode(false) instanceof Element ? (el.cloneNode(false) as Element).outerHTML : '')
        if (el.childNodes.length)
          for (const node of el.childNodes)
            if (node.nodeType === Node.TEXT_NODE && el.tagName !== 'SCRIPT') parts.push(node.textContent ?? '')
        if (el.shadowRoot) walk(el.shadowRoot)
      }
    }
    walk(document)
    return parts.join('\n')
  })

/** Sets the first element's tuitionInput property, as a CRM page does. */
const setInput = (page: TestPage, input: TuitionInput) =>
  page.evaluate((value) => {
    document.querySelector('fees-calculator')!.tuitionInput = value
  }, input)

/** Decodes two PNGs in the browser and counts the pixels whose colour differs noticeably. */
function pixelDifference(page: TestPage, a: Buffer, b: Buffer) {
  return page.evaluate(
    async (first, second) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d')!
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height)
      }
      const [x, y] = await Promise.all([decode(first), decode(second)])
      const sameSize = x.width === y.width && x.height === y.height
      let changedPixels = 0
      if (sameSize) {
        for (let k = 0; k < x.data.length; k += 4) {
          const delta = Math.max(
            Math.abs(x.data[k]! - y.data[k]!),
            Math.abs(x.data[k + 1]! - y.data[k + 1]!),
            Math.abs(x.data[k + 2]! - y.data[k + 2]!),
          )
          if (delta > 16) changedPixels++
        }
      }
      return { sameSize, changedPixels, totalPixels: x.width * x.height }
    },
    a.toString('base64'),
    b.toString('base64'),
  )
}

/** The response of the page at `path`, as Chromium received it, once the page has loaded. */
function responseOf(page: TestPage, path: string) {
  return page.playwright.waitForResponse((response) => new URL(response.url()).pathname === path)
}

describeEngines(
  'hardening',
  ['chromium'],
  (suite) => {
    describe('under the strictest Content-Security-Policy', () => {
      it('works and is styled, with no violation reported', async () => {
        let response!: ReturnType<typeof responseOf>
        const page = await suite.open('/demo/strict-csp.html?lang=en', {
          before: (page) => {
            response = responseOf(page, '/demo/strict-csp.html')
          },
        })
        expect((await response).headers()['content-security-policy']).toContain("style-src 'self'")
        const result = await page.event('calculationResultReceivedEvent')
        await page.settled()
        expect(result.totalFees).toBe(12)
        const monthly = page.playwright.locator('fees-calculator [part~="monthly-fee"]')
        expect(await monthly.textContent()).toMatch(/€/)
        const style = await page.playwright.locator('fees-calculator [part~="save-button"]').evaluate((button) => {
          const computed = getComputedStyle(button)
          return { background: computed.backgroundColor, radius: computed.borderTopLeftRadius }
        })
        // Styled by the widget's sheets, not the browser's defaults.
        expect(style.background).not.toMatch(/^rgb\(239, 239, 239\)|rgba\(0, 0, 0, 0\)$/)
        expect(await page.violations()).toEqual([])
        expect((await page.console()).filter((line) => /Content.Security.Policy/i.test(line))).toEqual([])
        // Open the calendar too: its styles must come the same way.
        await page.playwright.locator('fees-calculator [part=date]').click()
        await page.playwright.locator('fees-calculator .react-datepicker').first().waitFor()
        expect(await page.violations()).toEqual([])
      })
    })

    describe('under Trusted Types, enforced with no policy allowed, and the strict policy', () => {
      it('works, lazy chunks and calendar included, saves, and no violation is reported', async () => {
        let response!: ReturnType<typeof responseOf>
        const page = await suite.open('/demo/trusted-types.html?lang=en', {
          before: (page) => {
            response = responseOf(page, '/demo/trusted-types.html')
          },
        })
        const policy = (await response).headers()['content-security-policy']
        expect(policy).toContain("require-trusted-types-for 'script'")
        expect(policy).toContain("trusted-types 'none'")
        // The page really enforces it: a string into innerHTML is refused (and Chromium says so on the console, once).
        const refusal = /requires 'TrustedHTML' assignment/
        page.expectError(refusal)
        expect(
          await page.evaluate(() => {
            try {
              document.createElement('div').innerHTML = '<b>x</b>'
              return 'accepted'
            } catch (error) {
              return (error as Error).name
            }
          }),
        ).toBe('TypeError')
        await page.evaluate(() =>
          (window as unknown as { __probe: { violations: string[] } }).__probe.violations.splice(0),
        )
        const result = await page.event('calculationResultReceivedEvent')
        await page.settled()
        expect(result.totalFees).toBe(12)
        expect(await page.playwright.locator('fees-calculator [part~="monthly-fee"]').textContent()).toMatch(/€/)
        await expect
          .poll(() =>
            ['CalendarPicker', 'Toasts', 'http'].filter((n) =>
              suite.pages.requests.some((request) => request.path.includes(`/chunks/${n}-`)),
            ),
          )
          .toEqual(['CalendarPicker', 'Toasts', 'http'])
        await page.playwright.locator('fees-calculator [part=date]').click()
        await page.playwright.locator('fees-calculator .react-datepicker').first().waitFor()
        await page.press('Escape')
        await page.playwright.locator('fees-calculator [part~="save-button"]').click()
        await page.event('feeOptionSelectedEvent')
        await page.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
        expect(await page.violations()).toEqual([])
        expect((await page.console()).filter((line) => /Content.Security.Policy|Trusted ?Type/i.test(line))).toEqual([])
      })
    })

    describe('the bearer token', () => {
      it('never shows in a request body, a URL, the DOM, an event detail or the console, and goes only to the API root', async () => {
        let requests: SeenRequest[] = []
        let bodies!: () => Promise<string[]>
        let html = ''
        // The portal that writes the token into the element's attribute, for the element to scrub.
        const page = await suite.open('/demo/portal-client.html?lang=en', {
          before: async ({ playwright }) => {
            requests = recordRequests(playwright)
            bodies = await recordFetchBodies(playwright)
            playwright.on('response', async (response) => {
              if (response.url().includes('/demo/portal-client.html')) html = await response.text()
            })
          },
        })
        await page.event('calculationResultReceivedEvent')
        await page.settled()
        const token = tokenIn(html)
        expect(token).toMatch(/^ey/)
        await page.playwright.locator('fees-calculator [part~="save-button"]').click()
        await page.event('feeOptionSelectedEvent')

        const api = requests.filter((r) => r.url.startsWith(`${suite.origin}/api/v1/`))
        expect(api.map((r) => r.url.replace(suite.origin, ''))).toEqual(
          expect.arrayContaining(['/api/v1/Calculator/CalculateFeeOptions', '/api/v1/Calculator/FrontCalculateFees']),
        )
        for (const request of requests) {
          expect(request.url).not.toContain(token)
          expect(request.body ?? '').not.toContain(token)
          if (request.headers.authorization)
            expect(request.url.startsWith(`${suite.origin}/api/v1/`), request.url).toBe(true)
        }
        for (const request of api) expect(request.headers.authorization).toBe(`Bearer ${token}`)
        const sent = await bodies()
        expect(sent.length).toBeGreaterThanOrEqual(2)
        for (const body of sent) {
          expect(JSON.parse(body)).toHaveProperty('dateOfPayment')
          expect(body).not.toContain(token)
        }
        expect(await allMarkup(page)).not.toContain(token)
        expect(JSON.stringify(await page.events())).not.toContain(token)
        expect((await page.console()).join('\n')).not.toContain(token)
      })

      it('works with a cross-origin API root through CORS, without sending X-XSRF-TOKEN there', async () => {
        const other = await startDemo({ FEES_CORS_ORIGINS: suite.origin })
        try {
          let requests: SeenRequest[] = []
          const page = await suite.open('/cross-origin.html', {
            html: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
              <fees-calculator api-base="${other.url}/api/v1"></fees-calculator>`,
            before: ({ playwright }) => {
              requests = recordRequests(playwright)
            },
          })
          const token = await other.token()
          await page.evaluate(() => (document.cookie = 'XSRF-TOKEN=page-xsrf; path=/'))
          await setInput(page, tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-CORS' }))
          await page.event('calculationResultReceivedEvent').catch(async (e) => {
            throw new Error(
              `${e}\n${(await page.console()).join('\n')}\n${JSON.stringify(requests.map((r) => [r.method, r.url]))}`,
            )
          })
          await page.settled()
          await page.playwright.locator('fees-calculator [part~="save-button"]').click()
          const saved = await page.event('feeOptionSelectedEvent')
          expect(saved.versionHashCode).toMatch(/^[\w-]{22,}$/)
          const posts = requests.filter((r) => r.url.startsWith(other.url) && r.method === 'POST')
          expect(posts).toHaveLength(2)
          for (const post of posts) {
            expect(post.headers.authorization).toBe(`Bearer ${token}`)
            expect(post.headers['x-xsrf-token']).toBeUndefined()
          }
        } finally {
          await other.close()
        }
      })

      it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN to a relative API root', async () => {
        let requests: SeenRequest[] = []
        const page = await suite.open('/demo/portal.html', {
          before: async ({ playwright }) => {
            requests = recordRequests(playwright)
            await playwright
              .context()
              .addCookies([{ name: 'XSRF-TOKEN', value: 'same-origin-xsrf', url: suite.origin }])
          },
        })
        await page.event('calculationResultReceivedEvent')
        await page.settled()
        await page.playwright.locator('fees-calculator [part~="save-button"]').click()
        const saved = await page.event('feeOptionSelectedEvent')
        expect(saved.versionHashCode).toBeTruthy()
        const post = requests.find((r) => r.url.endsWith('/Calculator/FrontCalculateFees'))!
        expect(post.headers['x-xsrf-token']).toBe('same-origin-xsrf')
        const get = requests.find((r) => r.method === 'GET' && r.url.includes('/api/v1/'))
        if (get) expect(get.headers['x-xsrf-token']).toBeUndefined()
      })
    })

    it('lets an ERP system calculate and save through an absolute same-origin api-base on a portal with the XSRF-TOKEN cookie', async () => {
      // The widget sends X-XSRF-TOKEN only to a relative root; the server must not refuse a request for sending none.
      let requests: SeenRequest[] = []
      const statuses: [string, number][] = []
      // The headers the browser really sent, cookies included.
      const sent: Promise<Record<string, string>>[] = []
      const page = await suite.open('/erp-portal.html', {
        html: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
            <fees-calculator api-base="${suite.origin}/api/v1"></fees-calculator>`,
        before: async ({ playwright }) => {
          requests = recordRequests(playwright)
          playwright.on('response', (response) => statuses.push([response.url(), response.status()]))
          playwright.on('request', (request) => {
            if (request.method() === 'POST') sent.push(request.allHeaders())
          })
          await playwright.context().addCookies([{ name: 'XSRF-TOKEN', value: 'portal-xsrf', url: suite.origin }])
        },
      })
      await setInput(page, tuitionInput({ system: 7, token: null, dateOfPayment: '2030-01-05', contractId: 'C-ERP' }))
      await page.event('calculationResultReceivedEvent')
      await page.settled()
      await page.playwright.locator('fees-calculator [part~="save-button"]').click()
      // An ERP system's plan is answered, not stored: the event carries the schedule and no version.
      const saved = await page.event('feeOptionSelectedEvent')
      expect(saved).toMatchObject({ versionHashCode: null, versionNumber: null, currency: 'EUR' })
      const posts = requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${suite.origin}/api/v1/`))
      expect(posts.map((r) => r.url.replace(suite.origin, ''))).toEqual([
        '/api/v1/Calculator/CalculateFeeOptionsAnonymous',
        '/api/v1/Calculator/FrontCalculateFeesAnonymous',
      ])
      for (const headers of await Promise.all(sent)) {
        expect(headers.cookie).toContain('XSRF-TOKEN=portal-xsrf')
        expect(headers['x-xsrf-token']).toBeUndefined()
      }
      expect(statuses.filter(([url]) => url.includes('/api/v1/')).map(([, status]) => status)).toEqual([200, 200])
    })

    describe('isolation from the host page', () => {
      const HOSTILE = `<style>
      html { font-size: 40px !important; }
      * { font-size: 40px !important; color: red !important; }
      button, select, input { display: none !important; }
    </style>`
      const hostPage = (head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}
      <script type="module" src="/dist/fees-calculator.js"></script></head>
      <body><fees-calculator style="width: 640px"></fees-calculator></body></html>`

      async function render(html: string, token: string) {
        const tab = await suite.open('/isolation.html', { html, width: 900, height: 1400 })
        await setInput(
          tab,
          tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-ISOLATION', studyIdName: 'Isolation' }),
        )
        await tab.event('calculationResultReceivedEvent')
        await tab.settled()
        // The plan's downloads come below the card once their chunk has arrived (after the first figures): both
        // renders are compared whole.
        await tab.waitForInside('[part=downloads] [data-download=pdf]')
        const styles = await tab.evaluate(() => {
          const root = document.querySelector('fees-calculator')!.shadowRoot!
          const read = (selector: string) => {
            const el = root.querySelector(selector)
            if (!el) return null
            const c = getComputedStyle(el)
            const box = el.getBoundingClientRect()
            return {
              fontSize: c.fontSize,
              color: c.color,
              display: c.display,
              fontFamily: c.fontFamily,
              width: Math.round(box.width),
              height: Math.round(box.height),
            }
          }
          return Object.fromEntries(
            [
              '[part~="title"]',
              '[part~="monthly-fee"]',
              '[part~="fee-select"]',
              '[part~="save-button"]',
              '[part~="summary"]',
              '[part~="date"]',
            ].map((s) => [s, read(s)]),
          )
        })
        const shot = await tab.playwright.locator('fees-calculator').screenshot({ animations: 'disabled' })
        return { tab, styles, shot }
      }

      it('looks and measures the same under hostile page CSS as on a blank page', async () => {
        const token = await suite.demo.token()
        const blank = await render(hostPage(''), token)
        const hostile = await render(hostPage(HOSTILE), token)
        for (const [part, style] of Object.entries(blank.styles)) expect(style, part).not.toBeNull()
        expect(hostile.styles).toEqual(blank.styles)
        expect(blank.styles['[part~="save-button"]']!.display).not.toBe('none')
        // Same size, and no pixel differs by more than the GPU-free rasteriser's own noise between two renders.
        const diff = await pixelDifference(blank.tab, blank.shot, hostile.shot)
        expect(diff.sameSize).toBe(true)
        expect(diff.changedPixels / diff.totalPixels).toBeLessThan(0.001)
      })
    })

    describe('two elements on one page', () => {
      it('keep their own figures, toasts and events', async () => {
        const token = await suite.demo.token()
        const save = await fetch(`${suite.demo.url}/api/v1/Calculator/FrontCalculateFees`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            currency: 'EUR',
            dateOfPayment: '2030-03-05',
            finalAmount: 1200,
            numberOfFees: 24,
            system: 2,
            financialType: 0,
            language: 'en',
            contractId: 'C-TWO',
            isSavedVersion: true,
          }),
        })
        const { versionHashCode } = (await save.json()) as { versionHashCode: string }
        // The version number of the saved plan cannot be had: only the element in hash mode may show the toast.
        suite.pages.answer('/api/v1/Version/Number', () => ({
          status: 500,
          contentType: 'application/problem+json',
          body: '{}',
        }))
        const tab = await suite.open('/two.html', {
          html: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
            <fees-calculator id="a"></fees-calculator><fees-calculator id="b" version-hash-code="${versionHashCode}"></fees-calculator>`,
          before: ({ playwright }) =>
            playwright.addInitScript(() => {
              const log: string[] = []
              ;(window as unknown as { log: string[] }).log = log
              for (const name of ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent']) {
                document.addEventListener(name, (e) => {
                  const detail = (e as CustomEvent<{ amountToFinance?: number }>).detail
                  log.push(`${(e.target as HTMLElement).id}:${name}:${detail.amountToFinance}`)
                })
              }
            }),
        })
        // The refused request, and the element in hash mode saying so: the test's own.
        tab.expectError(/status of 500|^\[fees-calculator\] version number fetch failed/)
        await tab.evaluate((bearer) => {
          ;(document.getElementById('a') as HTMLElement & { tuitionInput: unknown }).tuitionInput = {
            currency: 'EUR',
            dateOfPayment: '2030-01-05',
            finalAmount: 6000,
            numberOfFees: 12,
            system: 2,
            financialType: 0,
            language: 'es',
            token: bearer,
            contractId: 'C-TWO-A',
          }
        }, token)
        const fee = (id: string) => tab.playwright.locator(`#${id} [part~="monthly-fee"]`).textContent()
        await expect.poll(() => fee('a')).toMatch(/5\d\d,\d\d/)
        await expect.poll(() => fee('b')).toMatch(/5[0-9]\.\d\d/)
        const toastIn = (id: string) => tab.playwright.locator(`#${id} [data-sonner-toast]`).count()
        await expect.poll(() => toastIn('b')).toBe(1)
        expect(await tab.playwright.locator('#b [data-sonner-toast]').textContent()).toMatch(/version number/i)
        expect(await toastIn('a')).toBe(0)
        const log = await tab.evaluate(() => (window as unknown as { log: string[] }).log)
        expect(log.sort()).toEqual(['a:calculationResultReceivedEvent:6000', 'b:calculationResultReceivedEvent:1200'])
      })
    })
  },
  { chromiumArgs: ALLOW_LOOPBACK_CROSS_ORIGIN },
)
