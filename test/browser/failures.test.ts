/**
 * No dead ends, on the built element. In every engine, with axe-core's WCAG 2.2 AA tags: a failed calculation is
 * said on the card (an alert, with Try again) and Try again calculates; an amount the API refuses stays in its field,
 * marked and explained, and Escape brings the accepted amount back. In Chromium, whose driver can also take the
 * network away, set cookies and watch the requests: a host's fresh token or the browser coming back online sends the
 * calculation again, and a plan reopened by hash saves end to end, with the XSRF header where the widget sends it.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mintToken } from '../../server/src/auth.ts'
import { TEST_JWT_SECRET } from '../../server/test/support/reference-server.ts'
import { expectAxeClean } from '../support/axe.ts'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

const WORDS = {
  es: {
    session: 'Tu sesión ha caducado',
    unavailable: 'no está disponible',
    offline: 'Estás sin conexión',
    retry: 'Reintentar',
    refused: 'El pago parcial no puede ser mayor que el importe.',
  },
  en: {
    session: 'Your session has expired',
    unavailable: 'not available',
    offline: 'You are offline',
    retry: 'Try again',
    refused: 'The partial payment cannot be larger than the amount.',
  },
} as const

const CALCULATE = '/api/v1/Calculator/CalculateFeeOptions'

/** An attribute of the first match inside the widget's shadow root, or null. */
const attribute = (page: TestPage, selector: string, name: string) =>
  page.evaluate(
    (s, n) => document.querySelector('fees-calculator')!.shadowRoot!.querySelector(s)?.getAttribute(n) ?? null,
    selector,
    name,
  )

/** The English catalogues' sentences (three words or more): none may be on a card in another language. */
const ENGLISH_SENTENCES = ['src/locales/en/messages.po', 'src/ui/failure-sentences/locales/en/messages.po']
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^msgstr "(.+)"$/gm)])
  .map((match) => match[1]!.replace(/\\"/g, '"'))
  .filter((sentence) => !sentence.includes('{') && sentence.split(' ').length >= 3)

describeEngines('a calculation that fails, in every engine', EVERY_ENGINE, (suite) => {
  it.each([
    ['es', 375],
    ['en', 1100],
  ] as const)('says why in %s at %i px, axe-clean, and Try again calculates', async (language, width) => {
    const lift = suite.pages.refuse(CALCULATE, 503, UNAVAILABLE)
    const page = await suite.open(`/demo/portal-client.html?lang=${language}`, { width })
    // Chromium logs every refused request on the console: these are the test's own.
    page.expectError(/status of 503/)
    // The title comes at once, the sentence with the failure sentences' chunk: the alert is busy until then.
    await page.waitForInside('[part=failure][role=alert]:not([aria-busy])')
    expect(await page.text('[part=failure]')).toContain(WORDS[language].unavailable)
    expect(await page.text('[part=failure] button')).toBe(WORDS[language].retry)
    await page.settled()
    await expectAxeClean(page, 'calculation failed')
    await page.screenshot(`${suite.engine}-${width}-${language}-failure`)
    lift()
    await page.click('[part=failure] button')
    await page.loaded()
    await page.waitForGone('[part=failure]')
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/\d/)
  })

  it.each(['es', 'en'] as const)(
    'keeps an amount the API refuses in its field in %s, explained; SAVE waits; Escape brings the accepted amount back',
    async (language) => {
      const page = await suite.open(`/demo/portal.html?lang=${language}&type=1`)
      page.expectError(/status of 422/)
      await page.loaded()
      const before = await page.text('[data-figure=feeAmount]')
      // The calendar's chunk swaps the date's stand-in, which can scroll the page under a click: the student's click
      // comes once it is there (see calendarReady). WebKit's click landed beside the field without it.
      await page.calendarReady()
      await page.click('input[data-figure=partialPayment]')
      await page.type('7000')
      await page.press('Tab')
      expect(await page.event('invalidTuitionEvent')).toMatchObject({ status: 422 })
      // Marked at once; described once its sentence is here.
      await page.waitForInside('input[data-figure=partialPayment][aria-invalid=true][aria-describedby]')
      const described = await attribute(page, 'input[data-figure=partialPayment]', 'aria-describedby')
      expect(await page.text(`[id="${described}"]`)).toBe(WORDS[language].refused)
      expect(await page.text('.fc-field-error')).toBe(WORDS[language].refused)
      const value = () =>
        page.evaluate(
          () =>
            document
              .querySelector('fees-calculator')!
              .shadowRoot!.querySelector<HTMLInputElement>('input[data-figure=partialPayment]')!.value,
        )
      expect(await value()).toMatch(/7[.,]?000/)
      expect(await page.text('[data-figure=feeAmount]')).toBe(before)
      expect(await attribute(page, '[part=save-button]', 'aria-disabled')).toBe('true')
      await page.settled()
      await expectAxeClean(page, 'amount refused by the API')
      await page.focus('input[data-figure=partialPayment]')
      await page.press('Escape')
      await page.waitForGone('input[data-figure=partialPayment][aria-invalid]')
      expect(await value()).toMatch(/1[.,]?000/)
      expect(await attribute(page, '[part=save-button]', 'aria-disabled')).toBeNull()
    },
  )
})

describeEngines(
  'a calculation that fails, and saves, in Chromium',
  ['chromium'],
  (suite) => {
    const failure = (page: TestPage) => page.playwright.locator('fees-calculator [part=failure]')

    describe.each(['es', 'en'] as const)('a failed first calculation, in %s', (language) => {
      const words = WORDS[language]

      it('says the session expired, and calculates with the token the host hands over', async () => {
        suite.pages.refuse(CALCULATE, 401, UNAVAILABLE, { times: 1 })
        const page = await suite.open(`/demo/portal-client.html?lang=${language}`)
        page.expectError(/status of 401/)
        await failure(page).waitFor()
        expect(await failure(page).getAttribute('role')).toBe('alert')
        expect(await failure(page).textContent()).toContain(words.session)
        expect(await page.text('[part=intro]')).not.toMatch(/number of monthly fees|número de cuotas/i)
        expect(await page.event('invalidTuitionEvent')).toMatchObject({ status: 401 })
        // docs/embedding.md's recipe: the same input with a fresh token.
        const fresh = await mintToken(TEST_JWT_SECRET, 600, 'student-renewed')
        await page.evaluate((token) => {
          const element = document.querySelector('fees-calculator')!
          element.tuitionInput = { ...JSON.parse(element.getAttribute('tuition-input')!), token }
        }, fresh)
        await page.loaded()
        expect(await failure(page).count()).toBe(0)
      })

      it('says it is offline, and calculates by itself when the connection is back', async () => {
        const page = await suite.open(`/demo/crm.html?lang=${language}`)
        // What the browser logs of the calls that could not leave, and of a lazy chunk still on its way then.
        page.expectError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Loading chunk failed|^failed to load /)
        await page.loaded()
        await page.playwright.context().setOffline(true)
        await failure(page).waitFor()
        expect(await failure(page).textContent()).toContain(words.offline)
        await page.playwright.locator('fees-calculator [part=fee-select]').selectOption('18')
        await expect.poll(async () => (await failure(page).getAttribute('data-failure')) ?? '').toBe('connection')
        await page.settled()
        await page.playwright.context().setOffline(false)
        await expect.poll(() => page.text('[part=fee-select] option:checked')).toMatch(/18/)
        await expect.poll(() => failure(page).count()).toBe(0)
      })
    })

    describe('a choice the API refuses', () => {
      it('says what to change, and offers no Try again (the same request would be refused again)', async () => {
        const page = await suite.open('/demo/portal.html?lang=en')
        page.expectError(/status of 422/)
        await page.loaded()
        await page.changeInput({ numberOfFees: 30 })
        await page.waitForInside('[part=failure]:not([aria-busy])')
        expect(await page.event('invalidTuitionEvent')).toMatchObject({
          status: 422,
          body: { code: 'fee_count_out_of_range' },
        })
        expect(await failure(page).textContent()).toContain('This number of fees is not offered: choose another.')
        expect(await failure(page).getByRole('button').count()).toBe(0)
      })
    })

    describe('the reference API refusing an amount too small for the fee count, on a Basque card', () => {
      it("says so at the field in Basque, and the card shows no English (the server's detail goes to the event)", async () => {
        const page = await suite.open('/demo/portal.html?lang=eu')
        page.expectError(/status of 422/)
        await page.loaded()
        const field = page.playwright.locator('fees-calculator input[data-figure=initialAmount]')
        await field.fill('0,05')
        await field.press('Tab')
        const refused = await page.event('invalidTuitionEvent')
        expect(refused).toMatchObject({ status: 422, body: { code: 'amount_too_small' } })
        expect(refused.body.detail).toMatch(/cannot be spread/)
        await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
        await expect.poll(() => field.getAttribute('aria-describedby')).toBeTruthy()
        const described = await field.getAttribute('aria-describedby')
        expect(await page.text(`[id="${described}"]`)).toBe(
          'Zenbateko hau txikiegia da hainbeste kuotatarako: aukeratu kuota gutxiago edo zenbateko handiagoa.',
        )
        const card = (await page.text('.fc')) ?? ''
        expect(card).not.toContain(refused.body.detail)
        expect(ENGLISH_SENTENCES.filter((sentence) => card.includes(sentence))).toEqual([])
        expect(await attribute(page, '.fc', 'lang')).toBe('eu')
      })
    })

    describe.each([
      {
        language: 'es',
        tooSmall: 'Este importe es demasiado bajo para tantas cuotas: elige menos cuotas o un importe mayor.',
        notSaved: 'No se ha guardado el plan',
        unavailable: 'El servicio no está disponible en este momento. Pulsa GUARDAR de nuevo dentro de un rato.',
      },
      {
        language: 'eu',
        tooSmall: 'Zenbateko hau txikiegia da hainbeste kuotatarako: aukeratu kuota gutxiago edo zenbateko handiagoa.',
        notSaved: 'Ez da plana gorde',
        unavailable: 'Zerbitzua ez dago erabilgarri une honetan. Sakatu berriro GORDE pixka bat barru.',
      },
    ] as const)('a refused amount and a failed SAVE, in $language', ({ language, tooSmall, notSaved, unavailable }) => {
      it("says each in the card's language, with the failure sentences fetched after the first figures", async () => {
        const page = await suite.open(`/demo/portal.html?lang=${language}`)
        page.expectError(/status of 422|status of 500/)
        await page.loaded()
        const field = page.playwright.locator('fees-calculator input[data-figure=initialAmount]')
        await field.fill('0,05')
        await field.press('Tab')
        await expect.poll(() => field.getAttribute('aria-describedby')).toBeTruthy()
        expect(await page.text(`[id="${await field.getAttribute('aria-describedby')}"]`)).toBe(tooSmall)
        await page.settled()
        await page.screenshot(`${suite.engine}-${language}-refused-amount`)

        await field.press('Escape')
        await page.waitForGone('input[data-figure=initialAmount][aria-invalid]')
        suite.pages.refuse('/api/v1/Calculator/FrontCalculateFees', 500, UNAVAILABLE)
        await page.click('[part=save-button]')
        const toast = page.playwright.locator('fees-calculator [data-sonner-toast]', { hasText: notSaved })
        await toast.waitFor()
        expect(await toast.locator('[data-title]').textContent()).toBe(notSaved)
        expect(await toast.locator('[data-description]').textContent()).toBe(unavailable)
        // Pictured once the toast has come in: during its entry transition it is still fading in.
        await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
        await page.screenshot(`${suite.engine}-${language}-failed-save`)
      })
    })

    describe('a save refused for the session', () => {
      it("says so like a calculation, and the host's fresh token saves it by itself with the same key: one version", async () => {
        const page = await suite.open('/demo/portal.html?lang=en')
        page.expectError(/status of 401/)
        await page.loaded()
        // A contract of its own, so that its version number counts this test's saves only.
        await page.changeInput({ contractId: `C-SESSION-${Date.now()}` })
        await page.loaded()
        const saves: { key: string; authorization: string; status: Promise<number> }[] = []
        page.playwright.on('request', (request) => {
          if (!request.url().includes('FrontCalculateFees')) return
          const headers = request.headers()
          saves.push({
            key: headers['idempotency-key'] ?? '',
            authorization: headers.authorization ?? '',
            status: request.response().then((response) => response?.status() ?? 0),
          })
        })
        // The token expires while the plan is on screen: nothing is sent until SAVE.
        await page.changeInput({ token: 'an-expired-token' })
        await page.click('[part=save-button]')
        expect(await page.event('feeOptionSelectedEvent')).toMatchObject({ kind: 'http', status: 401 })
        const toast = page.playwright.locator('fees-calculator [data-sonner-toast]', {
          hasText: 'The plan was not saved',
        })
        await toast.waitFor()
        expect(await toast.locator('[data-description]').textContent()).toBe(
          'Your session has expired: the plan will be saved as soon as the page renews it.',
        )
        expect(await attribute(page, '.fc', 'data-state')).toBe('loaded')

        // The host renews the token (the same input, a fresh token): no second press.
        await page.changeInput({ token: await mintToken(TEST_JWT_SECRET, 600, 'student-renewed') })
        const saved = await page.event('feeOptionSelectedEvent', 2)
        await page.waitForInside('.fc[data-state=locked]')
        expect(saves).toHaveLength(2)
        expect(await Promise.all(saves.map((save) => save.status))).toEqual([401, 200])
        expect(saves[1]!.key).toBe(saves[0]!.key)
        expect(saves[1]!.authorization).not.toBe(saves[0]!.authorization)
        // One version stored: the first of its contract (the refused try stored nothing).
        expect(saved.versionNumber).toBe(1)
      })
    })

    describe('a plan reopened by hash', () => {
      it('saves as a copy linked to its hash, with the API key and an Idempotency-Key, and locks', async () => {
        const first = await suite.open('/demo/portal.html?lang=en')
        await first.loaded()
        await first.click('[part=save-button]')
        const { versionHashCode } = await first.event('feeOptionSelectedEvent')
        await first.close()

        const page = await suite.open(`/fees/${versionHashCode}`)
        await page.loaded()
        const sent = page.playwright.waitForRequest((request) => request.url().includes('FrontCalculateFees'))
        await page.click('[part=save-button]')
        const request = await sent
        const headers = await request.allHeaders()
        expect(headers['x-api-key']).toBeTruthy()
        expect(headers.authorization).toBeUndefined()
        expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
        const answer = await request.response()
        expect(answer?.status()).toBe(200)
        await page.waitForInside('.fc[data-state=locked]')
        expect(await page.playwright.locator('fees-calculator [part=save-button]').getAttribute('aria-disabled')).toBe(
          'true',
        )
        expect(await page.text('[data-figure=versionNumber]')).toMatch(/^\d+$/)
        // What the server stored: a copy linked to the version it was reopened from, saved as the front end's copy.
        const copy = (await page.event('feeOptionSelectedEvent')).versionHashCode
        const stored = await fetch(`${suite.demo.url}/api/v1/Calculator/feestable/${copy}`, {
          headers: { 'X-Api-Key': headers['x-api-key']! },
        })
        expect((await stored.json()).tuitionInput).toMatchObject({
          linkedVersionIdentifier: versionHashCode,
          isSavedVersion: true,
          isFrontEndVersionCopy: true,
        })
      })
    })

    describe('the XSRF cookie', () => {
      for (const root of ['relative', 'same-origin absolute'] as const) {
        it(`saves through a ${root} api-base with the cookie set`, async () => {
          const page = await suite.open('/demo/portal.html?lang=en', {
            before: async ({ playwright }) => {
              await playwright.context().addCookies([{ name: 'XSRF-TOKEN', value: 'page-xsrf', url: suite.origin }])
              if (root === 'same-origin absolute')
                await playwright.addInitScript((api) => {
                  document.addEventListener('DOMContentLoaded', () =>
                    document.querySelector('fees-calculator')?.setAttribute('api-base', api),
                  )
                }, `${suite.origin}/api/v1`)
            },
          })
          await page.loaded()
          const sent = page.playwright.waitForRequest((request) => request.url().includes('FrontCalculateFees'))
          await page.click('[part=save-button]')
          const request = await sent
          expect(request.url().startsWith(suite.origin)).toBe(true)
          const headers = await request.allHeaders()
          // The widget echoes the cookie only to a relative root; the server asks for it only without credentials.
          expect(headers['x-xsrf-token']).toBe(root === 'relative' ? 'page-xsrf' : undefined)
          expect((await request.response())?.status()).toBe(200)
          await page.waitForInside('.fc[data-state=locked]')
        })
      }
    })
  },
  // Saved versions stay editable here, so a plan reopened by hash can be saved as a copy.
  { env: { FEES_EDITABLE_SAVED: 'true' } },
)
