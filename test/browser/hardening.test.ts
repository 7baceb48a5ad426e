import { describe, expect, it } from 'vitest'
import type { TuitionInput } from '../../src/domain/types.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { ALLOW_LOOPBACK_CROSS_ORIGIN, browserSuite, type Page, recordEvents, startDemo, watch } from './harness.ts'
import { events, settled, waitForEvent } from './screen-helpers.ts'

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
const allMarkup = (page: Page) =>
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
const setInput = (page: Page, input: TuitionInput) =>
  page.evaluate((value) => {
    document.querySelector('fees-calculator')!.tuitionInput = value
  }, input)

/** Decodes two PNGs in the browser and counts the pixels whose colour differs noticeably. */
function pixelDifference(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob())
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d')!
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height)
      }
      const [x, y] = await Promise.all([decode(first!), decode(second!)])
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
    [a.toString('base64'), b.toString('base64')] as const,
  )
}

describe('hardening in Chromium', () => {
  const suite = browserSuite({ args: ALLOW_LOOPBACK_CROSS_ORIGIN })

  describe('under the strictest Content-Security-Policy', () => {
    it('works and is styled, with no violation reported', async () => {
      const page = await suite.browser.newPage()
      const seen = watch(page)
      await page.addInitScript(() => {
        const violations: string[] = []
        ;(window as unknown as { __violations: string[] }).__violations = violations
        document.addEventListener('securitypolicyviolation', (e) =>
          violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        )
      })
      await recordEvents(page)
      const response = await page.goto(`${suite.demo.url}/demo/strict-csp.html?lang=en`)
      expect(response?.headers()['content-security-policy']).toContain("style-src 'self'")
      const result = await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      expect(result.totalFees).toBe(12)
      const monthly = page.locator('fees-calculator [part~="monthly-fee"]')
      expect(await monthly.textContent()).toMatch(/€/)
      const style = await page.locator('fees-calculator [part~="save-button"]').evaluate((button) => {
        const computed = getComputedStyle(button)
        return { background: computed.backgroundColor, radius: computed.borderTopLeftRadius }
      })
      // Styled by the widget's sheets, not the browser's defaults.
      expect(style.background).not.toMatch(/^rgb\(239, 239, 239\)|rgba\(0, 0, 0, 0\)$/)
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])
      expect(seen.console.filter((line) => /Content.Security.Policy/i.test(line))).toEqual([])
      expect(seen.errors).toEqual([])
      // Open the calendar too: its styles must come the same way.
      await page.locator('fees-calculator [part=date]').click()
      await page.locator('fees-calculator .react-datepicker').first().waitFor()
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])
      await page.close()
    })
  })

  describe('under Trusted Types, enforced with no policy allowed, and the strict policy', () => {
    it('works, lazy chunks and calendar included, saves, and no violation is reported', async () => {
      const page = await suite.browser.newPage()
      const seen = watch(page)
      await page.addInitScript(() => {
        const violations: string[] = []
        ;(window as unknown as { __violations: string[] }).__violations = violations
        document.addEventListener('securitypolicyviolation', (e) =>
          violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
        )
      })
      await recordEvents(page)
      const requested: string[] = []
      page.on('request', (request) => requested.push(request.url()))
      const response = await page.goto(`${suite.demo.url}/demo/trusted-types.html?lang=en`)
      expect(response?.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'")
      expect(response?.headers()['content-security-policy']).toContain("trusted-types 'none'")
      // The page really enforces it: a string into innerHTML is refused.
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
      await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.splice(0))
      const result = await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      expect(result.totalFees).toBe(12)
      expect(await page.locator('fees-calculator [part~="monthly-fee"]').textContent()).toMatch(/€/)
      await expect
        .poll(() =>
          ['CalendarPicker', 'Toasts', 'http'].filter((n) => requested.some((u) => u.includes(`/chunks/${n}-`))),
        )
        .toEqual(['CalendarPicker', 'Toasts', 'http'])
      await page.locator('fees-calculator [part=date]').click()
      await page.locator('fees-calculator .react-datepicker').first().waitFor()
      await page.keyboard.press('Escape')
      await page.locator('fees-calculator [part~="save-button"]').click()
      await waitForEvent(page, 'feeOptionSelectedEvent')
      await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([])
      expect(seen.console.filter((line) => /Content.Security.Policy|Trusted ?Type/i.test(line))).toEqual([])
      expect(seen.errors).toEqual([])
      await page.close()
    })
  })

  describe('the bearer token', () => {
    it('never shows in a request body, a URL, the DOM, an event detail or the console, and goes only to the API root', async () => {
      const page = await suite.browser.newPage()
      const seen = watch(page)
      const requests = recordRequests(page)
      const bodies = await recordFetchBodies(page)
      await recordEvents(page)
      let html = ''
      page.on('response', async (response) => {
        if (response.url().includes('/demo/portal.html')) html = await response.text()
      })
      await page.goto(`${suite.demo.url}/demo/portal.html?lang=en`)
      await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      const token = tokenIn(html)
      expect(token).toMatch(/^ey/)
      await page.locator('fees-calculator [part~="save-button"]').click()
      await waitForEvent(page, 'feeOptionSelectedEvent')

      const api = requests.filter((r) => r.url.startsWith(`${suite.demo.url}/api/v1/`))
      expect(api.map((r) => r.url.replace(suite.demo.url, ''))).toEqual(
        expect.arrayContaining(['/api/v1/Calculator/CalculateFeeOptions', '/api/v1/Calculator/FrontCalculateFees']),
      )
      for (const request of requests) {
        expect(request.url).not.toContain(token)
        expect(request.body ?? '').not.toContain(token)
        if (request.headers.authorization)
          expect(request.url.startsWith(`${suite.demo.url}/api/v1/`), request.url).toBe(true)
      }
      for (const request of api) expect(request.headers.authorization).toBe(`Bearer ${token}`)
      const sent = await bodies()
      expect(sent.length).toBeGreaterThanOrEqual(2)
      for (const body of sent) {
        expect(JSON.parse(body)).toHaveProperty('dateOfPayment')
        expect(body).not.toContain(token)
      }
      expect(await allMarkup(page)).not.toContain(token)
      expect(JSON.stringify(await events(page))).not.toContain(token)
      expect(seen.console.join('\n')).not.toContain(token)
      await page.close()
    })

    it('works with a cross-origin API root through CORS, without sending X-XSRF-TOKEN there', async () => {
      const other = await startDemo({ FEES_CORS_ORIGINS: suite.demo.url })
      try {
        const page = await suite.browser.newPage()
        const seen = watch(page)
        const requests = recordRequests(page)
        await recordEvents(page)
        const token = await other.token()
        await page.route(`${suite.demo.url}/cross-origin.html`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
              <fees-calculator api-base="${other.url}/api/v1"></fees-calculator>`,
          }),
        )
        await page.goto(`${suite.demo.url}/cross-origin.html`)
        await page.evaluate(() => (document.cookie = 'XSRF-TOKEN=page-xsrf; path=/'))
        await setInput(page, tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-CORS' }))
        await waitForEvent(page, 'calculationResultReceivedEvent').catch((e) => {
          throw new Error(`${e}\n${seen.console.join('\n')}\n${JSON.stringify(requests.map((r) => [r.method, r.url]))}`)
        })
        await settled(page)
        await page.locator('fees-calculator [part~="save-button"]').click()
        const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
        expect(saved.versionHashCode).toMatch(/^[\w-]{22,}$/)
        const posts = requests.filter((r) => r.url.startsWith(other.url) && r.method === 'POST')
        expect(posts).toHaveLength(2)
        for (const post of posts) {
          expect(post.headers.authorization).toBe(`Bearer ${token}`)
          expect(post.headers['x-xsrf-token']).toBeUndefined()
        }
        expect(seen.errors).toEqual([])
        await page.close()
      } finally {
        await other.close()
      }
    })

    it('lets an ERP system calculate and save through an absolute same-origin api-base on a portal with the XSRF-TOKEN cookie', async () => {
      // The widget sends X-XSRF-TOKEN only to a relative root; the server must not refuse a request for sending none.
      const page = await suite.browser.newPage()
      const seen = watch(page)
      const requests = recordRequests(page)
      const statuses: [string, number][] = []
      page.on('response', (response) => statuses.push([response.url(), response.status()]))
      // The headers the browser really sent, cookies included.
      const sent: Promise<Record<string, string>>[] = []
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(request.allHeaders())
      })
      await recordEvents(page)
      await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'portal-xsrf', url: suite.demo.url }])
      await page.route(`${suite.demo.url}/erp-portal.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
            <fees-calculator api-base="${suite.demo.url}/api/v1"></fees-calculator>`,
        }),
      )
      await page.goto(`${suite.demo.url}/erp-portal.html`)
      await setInput(page, tuitionInput({ system: 7, token: null, dateOfPayment: '2030-01-05', contractId: 'C-ERP' }))
      await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      await page.locator('fees-calculator [part~="save-button"]').click()
      // An ERP system's plan is answered, not stored: the event carries the schedule and no version.
      const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
      expect(saved).toMatchObject({ versionHashCode: null, versionNumber: null, currency: 'EUR' })
      const posts = requests.filter((r) => r.method === 'POST' && r.url.startsWith(`${suite.demo.url}/api/v1/`))
      expect(posts.map((r) => r.url.replace(suite.demo.url, ''))).toEqual([
        '/api/v1/Calculator/CalculateFeeOptionsAnonymous',
        '/api/v1/Calculator/FrontCalculateFeesAnonymous',
      ])
      for (const headers of await Promise.all(sent)) {
        expect(headers.cookie).toContain('XSRF-TOKEN=portal-xsrf')
        expect(headers['x-xsrf-token']).toBeUndefined()
      }
      expect(statuses.filter(([url]) => url.includes('/api/v1/')).map(([, status]) => status)).toEqual([200, 200])
      expect(seen.errors).toEqual([])
      await page.close()
    })

    it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN to a relative API root', async () => {
      const page = await suite.browser.newPage()
      const requests = recordRequests(page)
      await recordEvents(page)
      await page.context().addCookies([{ name: 'XSRF-TOKEN', value: 'same-origin-xsrf', url: suite.demo.url }])
      await page.goto(`${suite.demo.url}/demo/portal.html`)
      await waitForEvent(page, 'calculationResultReceivedEvent')
      await settled(page)
      await page.locator('fees-calculator [part~="save-button"]').click()
      const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
      expect(saved.versionHashCode).toBeTruthy()
      const post = requests.find((r) => r.url.endsWith('/Calculator/FrontCalculateFees'))!
      expect(post.headers['x-xsrf-token']).toBe('same-origin-xsrf')
      const get = requests.find((r) => r.method === 'GET' && r.url.includes('/api/v1/'))
      if (get) expect(get.headers['x-xsrf-token']).toBeUndefined()
      await page.close()
    })
  })

  describe('isolation from the host page', () => {
    const HOSTILE = `<style>
      html { font-size: 40px !important; }
      * { font-size: 40px !important; color: red !important; }
      button, select, input { display: none !important; }
    </style>`
    const page = (head: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}
      <script type="module" src="/dist/fees-calculator.js"></script></head>
      <body><fees-calculator style="width: 640px"></fees-calculator></body></html>`

    async function render(html: string, token: string) {
      const tab = await suite.browser.newPage({ viewport: { width: 900, height: 1400 } })
      await recordEvents(tab)
      await tab.route(`${suite.demo.url}/isolation.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: html }),
      )
      await tab.goto(`${suite.demo.url}/isolation.html`)
      await setInput(
        tab,
        tuitionInput({ token, dateOfPayment: '2030-01-05', contractId: 'C-ISOLATION', studyIdName: 'Isolation' }),
      )
      await waitForEvent(tab, 'calculationResultReceivedEvent')
      await settled(tab)
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
      const shot = await tab.locator('fees-calculator').screenshot({ animations: 'disabled' })
      return { tab, styles, shot }
    }

    it('looks and measures the same under hostile page CSS as on a blank page', async () => {
      const token = await suite.demo.token()
      const blank = await render(page(''), token)
      const hostile = await render(page(HOSTILE), token)
      for (const [part, style] of Object.entries(blank.styles)) expect(style, part).not.toBeNull()
      expect(hostile.styles).toEqual(blank.styles)
      expect(blank.styles['[part~="save-button"]']!.display).not.toBe('none')
      // Same size, and no pixel differs by more than the GPU-free rasteriser's own noise between two renders.
      const diff = await pixelDifference(blank.tab, blank.shot, hostile.shot)
      expect(diff.sameSize).toBe(true)
      expect(diff.changedPixels / diff.totalPixels).toBeLessThan(0.001)
      await blank.tab.close()
      await hostile.tab.close()
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
      const tab = await suite.browser.newPage()
      const seen = watch(tab)
      // The version number of the saved plan cannot be had: only the element in hash mode may show the toast.
      await tab.route('**/api/v1/Version/Number**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{}' }),
      )
      await tab.route(`${suite.demo.url}/two.html`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script>
            <fees-calculator id="a"></fees-calculator><fees-calculator id="b" version-hash-code="${versionHashCode}"></fees-calculator>`,
        }),
      )
      await tab.addInitScript(() => {
        const log: string[] = []
        ;(window as unknown as { log: string[] }).log = log
        for (const name of ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent']) {
          document.addEventListener(name, (e) => {
            const detail = (e as CustomEvent<{ amountToFinance?: number }>).detail
            log.push(`${(e.target as HTMLElement).id}:${name}:${detail.amountToFinance}`)
          })
        }
      })
      await tab.goto(`${suite.demo.url}/two.html`)
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
      const fee = (id: string) => tab.locator(`#${id} [part~="monthly-fee"]`).textContent()
      await expect.poll(() => fee('a')).toMatch(/5\d\d,\d\d/)
      await expect.poll(() => fee('b')).toMatch(/5[0-9]\.\d\d/)
      const toastIn = (id: string) => tab.locator(`#${id} [data-sonner-toast]`).count()
      await expect.poll(() => toastIn('b')).toBe(1)
      expect(await tab.locator('#b [data-sonner-toast]').textContent()).toMatch(/version number/i)
      expect(await toastIn('a')).toBe(0)
      const log = await tab.evaluate(() => (window as unknown as { log: string[] }).log)
      expect(log.sort()).toEqual(['a:calculationResultReceivedEvent:6000', 'b:calculationResultReceivedEvent:1200'])
      expect(seen.errors).toEqual([])
      await tab.close()
    })
  })
})
