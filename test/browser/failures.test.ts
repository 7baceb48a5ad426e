import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mintToken } from '../../server/src/auth.ts'
import { TEST_JWT_SECRET } from '../../server/tools/reference-server.ts'
import { browserSuite, type Page, problemReply } from './harness.ts'
import { loaded, settled, text, waitForEvent } from './screen-helpers.ts'

/**
 * No dead ends, on the built element: a failed calculation is said on the card with Try again, a host's fresh
 * token or the browser coming back online sends it again, a refused amount is explained at its field, and a
 * plan reopened by hash saves end to end, with the XSRF header where the widget sends it.
 */
const suite = browserSuite({ env: { FEES_EDITABLE_SAVED: 'true' } })

const WORDS = {
  es: {
    session: 'Tu sesión ha caducado',
    unavailable: 'no está disponible',
    offline: 'No tienes conexión',
    retry: 'Reintentar',
  },
  en: {
    session: 'Your session has expired',
    unavailable: 'not available',
    offline: 'You are offline',
    retry: 'Try again',
  },
} as const

const failure = (page: Page) => page.locator('fees-calculator [part=failure]')

/** Answers the next `count` calculations with `reply`, then lets them through. */
async function failCalculations(page: Page, count: number, reply: Parameters<typeof problemReply>[0] = 503) {
  let left = count
  await page.route('**/Calculator/CalculateFeeOptions', (route) =>
    left-- > 0 ? route.fulfill(problemReply(reply)) : route.continue(),
  )
}

describe.each(['es', 'en'] as const)('a failed first calculation, in %s', (language) => {
  const words = WORDS[language]

  it('says the session expired, and calculates with the token the host hands over', async () => {
    const page = await suite.open(`/demo/portal.html?lang=${language}`, { before: (p) => failCalculations(p, 1, 401) })
    await failure(page).waitFor()
    expect(await failure(page).getAttribute('role')).toBe('alert')
    expect(await failure(page).textContent()).toContain(words.session)
    expect(await text(page, '[part=intro]')).not.toMatch(/number of monthly fees|número de cuotas/i)
    expect(await waitForEvent(page, 'invalidTuitionEvent')).toMatchObject({ status: 401 })
    // The README's recipe: the same input with a fresh token.
    const fresh = await mintToken(TEST_JWT_SECRET, 600, 'student-renewed')
    await page.evaluate((token) => {
      const element = document.querySelector('fees-calculator')!
      element.tuitionInput = { ...JSON.parse(element.getAttribute('tuition-input')!), token }
    }, fresh)
    await loaded(page)
    expect(await failure(page).count()).toBe(0)
    await page.close()
  })

  it('says the service is unavailable after the retries, and Try again calculates', async () => {
    const page = await suite.open(`/demo/portal.html?lang=${language}`, { before: (p) => failCalculations(p, 3) })
    await failure(page).waitFor()
    expect(await failure(page).textContent()).toContain(words.unavailable)
    await failure(page).getByRole('button', { name: words.retry }).click()
    await loaded(page)
    expect(await failure(page).count()).toBe(0)
    expect(await text(page, '[data-figure=feeAmount]')).toMatch(/\d/)
    await page.close()
  })

  it('says it is offline, and calculates by itself when the connection is back', async () => {
    const page = await suite.open(`/demo/crm.html?lang=${language}`)
    await loaded(page)
    await page.context().setOffline(true)
    await failure(page).waitFor()
    expect(await failure(page).textContent()).toContain(words.offline)
    await page.locator('fees-calculator [part=fee-select]').selectOption('18')
    await expect.poll(async () => (await failure(page).getAttribute('data-failure')) ?? '').toBe('connection')
    await settled(page)
    await page.context().setOffline(false)
    await expect.poll(() => text(page, '[part=fee-select] option:checked')).toMatch(/18/)
    await expect.poll(() => failure(page).count()).toBe(0)
    await page.close()
  })
})

/** Sets the element's tuition input: the portal's, with `changes`. */
function setInput(page: Page, changes: Record<string, unknown>) {
  return page.evaluate((patch) => {
    const element = document.querySelector('fees-calculator')!
    // As the host gave it (the attribute's text, its token included), or the object set since.
    const given = element.tuitionInput
    element.tuitionInput = { ...(typeof given === 'string' ? JSON.parse(given) : given), ...patch }
  }, changes)
}

describe('a choice the API refuses', () => {
  it('says what to change, and offers no Try again (the same request would be refused again)', async () => {
    const page = await loaded(await suite.open('/demo/portal.html?lang=en'))
    await setInput(page, { numberOfFees: 30 })
    await failure(page).waitFor()
    expect(await waitForEvent(page, 'invalidTuitionEvent')).toMatchObject({
      status: 422,
      body: { code: 'fee_count_out_of_range' },
    })
    expect(await failure(page).textContent()).toContain('This number of fees is not offered: choose another.')
    expect(await failure(page).getByRole('button').count()).toBe(0)
    await page.close()
  })
})

/** The English catalogue's sentences (three words or more): none may be on a card in another language. */
const ENGLISH_SENTENCES = [...readFileSync('src/locales/en/messages.po', 'utf8').matchAll(/^msgstr "(.+)"$/gm)]
  .map((match) => match[1]!.replace(/\\"/g, '"'))
  .filter((sentence) => !sentence.includes('{') && sentence.split(' ').length >= 3)

describe('the reference API refusing an amount too small for the fee count, on a Basque card', () => {
  it("says so at the field in Basque, and the card shows no English (the server's detail goes to the event)", async () => {
    const page = await loaded(await suite.open('/demo/portal.html?lang=eu'))
    const field = page.locator('fees-calculator input[data-figure=initialAmount]')
    await field.fill('0,05')
    await field.press('Tab')
    const refused = await waitForEvent(page, 'invalidTuitionEvent')
    expect(refused).toMatchObject({ status: 422, body: { code: 'amount_too_small' } })
    expect(refused.body.detail).toMatch(/cannot be spread/)
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    const described = await field.getAttribute('aria-describedby')
    expect(await page.locator(`fees-calculator [id="${described}"]`).textContent()).toBe(
      'Zenbateko hau txikiegia da hainbeste kuotatarako: aukeratu kuota gutxiago edo zenbateko handiagoa.',
    )
    const card = (await page.locator('fees-calculator .fc').textContent()) ?? ''
    expect(card).not.toContain(refused.body.detail)
    expect(ENGLISH_SENTENCES.filter((sentence) => card.includes(sentence))).toEqual([])
    expect(await page.locator('fees-calculator .fc').getAttribute('lang')).toBe('eu')
    await page.close()
  })
})

describe('a save refused for the session', () => {
  it("says so like a calculation, and the host's fresh token saves it by itself with the same key: one version", async () => {
    const page = await loaded(await suite.open('/demo/portal.html?lang=en'))
    // A contract of its own, so that its version number counts this test's saves only.
    const contractId = `C-SESSION-${Date.now()}`
    await setInput(page, { contractId })
    await loaded(page)
    const saves: { key: string; authorization: string; status: Promise<number> }[] = []
    page.on('request', (request) => {
      if (!request.url().includes('FrontCalculateFees')) return
      const headers = request.headers()
      saves.push({
        key: headers['idempotency-key'] ?? '',
        authorization: headers.authorization ?? '',
        status: request.response().then((response) => response?.status() ?? 0),
      })
    })
    // The token expires while the plan is on screen: nothing is sent until SAVE.
    await setInput(page, { token: 'an-expired-token' })
    await page.locator('fees-calculator [part=save-button]').click()
    expect(await waitForEvent(page, 'feeOptionSelectedEvent')).toMatchObject({ kind: 'http', status: 401 })
    const toast = page.locator('fees-calculator [data-sonner-toast]', { hasText: 'The plan was not saved' })
    await toast.waitFor()
    expect(await toast.locator('[data-description]').textContent()).toBe(
      'Your session has expired: the plan will be saved as soon as the page renews it.',
    )
    expect(await page.locator('fees-calculator .fc').getAttribute('data-state')).toBe('loaded')

    // The host renews the token (the same input, a fresh token): no second press.
    await setInput(page, { token: await mintToken(TEST_JWT_SECRET, 600, 'student-renewed') })
    const saved = await waitForEvent(page, 'feeOptionSelectedEvent', 2)
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(saves).toHaveLength(2)
    expect(await Promise.all(saves.map((save) => save.status))).toEqual([401, 200])
    expect(saves[1]!.key).toBe(saves[0]!.key)
    expect(saves[1]!.authorization).not.toBe(saves[0]!.authorization)
    // One version stored: the first of its contract (the refused try stored nothing).
    expect(saved.versionNumber).toBe(1)
    await page.close()
  })
})

describe('an amount the API refuses', () => {
  it('stays in the field, marked and explained; SAVE waits; Escape brings the accepted amount back', async () => {
    const page = await loaded(await suite.open('/demo/portal.html?lang=en&type=1'))
    const before = await text(page, '[data-figure=feeAmount]')
    const field = page.locator('fees-calculator input[data-figure=partialPayment]')
    await field.fill('7000')
    await field.press('Tab')
    expect(await waitForEvent(page, 'invalidTuitionEvent')).toMatchObject({ status: 422 })
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    const described = await field.getAttribute('aria-describedby')
    expect(await page.locator(`fees-calculator [id="${described}"]`).textContent()).toBe(
      'The partial payment cannot be larger than the amount.',
    )
    expect(await field.inputValue()).toMatch(/7[.,]?000/)
    expect(await text(page, '[data-figure=feeAmount]')).toBe(before)
    expect(await page.locator('fees-calculator [part=save-button]').getAttribute('aria-disabled')).toBe('true')
    await field.focus()
    await field.press('Escape')
    await expect.poll(() => field.getAttribute('aria-invalid')).toBeNull()
    expect(await field.inputValue()).toMatch(/1[.,]?000/)
    expect(await page.locator('fees-calculator [part=save-button]').getAttribute('aria-disabled')).toBeNull()
    await page.close()
  })
})

describe('a plan reopened by hash', () => {
  it('saves as a copy linked to its hash, with the API key and an Idempotency-Key, and locks', async () => {
    const first = await loaded(await suite.open('/demo/portal.html?lang=en'))
    await first.locator('fees-calculator [part=save-button]').click()
    const { versionHashCode } = await waitForEvent(first, 'feeOptionSelectedEvent')
    await first.close()

    const page = await loaded(await suite.open(`/fees/${versionHashCode}`))
    const sent = page.waitForRequest((request) => request.url().includes('FrontCalculateFees'))
    await page.locator('fees-calculator [part=save-button]').click()
    const request = await sent
    const headers = await request.allHeaders()
    expect(headers['x-api-key']).toBeTruthy()
    expect(headers.authorization).toBeUndefined()
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    const answer = await request.response()
    expect(answer?.status()).toBe(200)
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await page.locator('fees-calculator [part=save-button]').getAttribute('aria-disabled')).toBe('true')
    expect(await text(page, '[data-figure=versionNumber]')).toMatch(/^\d+$/)
    // What the server stored: a copy linked to the version it was reopened from, saved as the front end's copy.
    const copy = (await waitForEvent(page, 'feeOptionSelectedEvent')).versionHashCode
    const stored = await fetch(`${suite.demo.url}/api/v1/Calculator/feestable/${copy}`, {
      headers: { 'X-Api-Key': headers['x-api-key']! },
    })
    expect((await stored.json()).tuitionInput).toMatchObject({
      linkedVersionIdentifier: versionHashCode,
      isSavedVersion: true,
      isFrontEndVersionCopy: true,
    })
    await page.close()
  })
})

describe('the XSRF cookie', () => {
  for (const root of ['relative', 'same-origin absolute'] as const) {
    it(`saves through a ${root} api-base with the cookie set`, async () => {
      const page = await suite.open('/demo/portal.html?lang=en', {
        before: async (p) => {
          await p.context().addCookies([{ name: 'XSRF-TOKEN', value: 'page-xsrf', url: suite.demo.url }])
          if (root === 'same-origin absolute')
            await p.addInitScript((api) => {
              document.addEventListener('DOMContentLoaded', () =>
                document.querySelector('fees-calculator')?.setAttribute('api-base', api),
              )
            }, `${suite.demo.url}/api/v1`)
        },
      })
      await loaded(page)
      const sent = page.waitForRequest((request) => request.url().includes('FrontCalculateFees'))
      await page.locator('fees-calculator [part=save-button]').click()
      const request = await sent
      expect(request.url().startsWith(suite.demo.url)).toBe(true)
      const headers = await request.allHeaders()
      // The widget echoes the cookie only to a relative root; the server asks for it only without credentials.
      expect(headers['x-xsrf-token']).toBe(root === 'relative' ? 'page-xsrf' : undefined)
      expect((await request.response())?.status()).toBe(200)
      await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
      await page.close()
    })
  }
})
