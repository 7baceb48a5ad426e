/**
 * A card rendered on the server (fees-calculator/server) and the element that takes it over, in Chromium, Firefox
 * and WebKit: the server-rendered portal and a saved plan's page (/fees/<hash>) keep the server's nodes, show the
 * figures before any script has run and without one, send no request for the figures they show, tell the host of
 * them once, and then work as the client-only portal does; a card in another language waits for its words; an
 * element rendered without figures (the API failed) starts as it does without a server.
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'
import { startRecordingServer } from '../support/recording-server.ts'

type Renderer = typeof import('../../src/server.ts')
/** The renderer as the package ships it. */
const renderer = () =>
  import(pathToFileURL(join(resolve(import.meta.dirname, '../..'), 'dist/server.js')).href) as Promise<Renderer>

/** The lazy chunk that takes a card over: the standalone build's, or the single-page app's. */
const HYDRATE_CHUNK = /\/(chunks|assets)\/hydrate-[\w-]+\.js$/

/** Chooses an option of the fee count's <select> as its list does: selected, then input and change. */
function chooseCount(page: TestPage, value: string) {
  return page.evaluate((v) => {
    const select = document
      .querySelector('fees-calculator')!
      .shadowRoot!.querySelector('[part=fee-select]') as HTMLSelectElement
    select.focus()
    select.value = v
    select.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
    select.dispatchEvent(new Event('change', { bubbles: true }))
  }, value)
}

/** What the server rendered, read before the element takes it over; its nodes marked, to be found again after. */
function markServerCard(page: TestPage) {
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const container = root.querySelector('fieldset[data-fc-rendered]') as HTMLFieldSetElement
    const fee = root.querySelector('[data-figure=feeAmount]') as HTMLElement & { fromServer?: boolean }
    const card = root.querySelector('.fc') as HTMLElement & { fromServer?: boolean }
    fee.fromServer = true
    card.fromServer = true
    const props = JSON.parse(root.querySelector('script[data-fc-rendered]')!.textContent!)
    return {
      disabled: container.disabled,
      busy: container.getAttribute('aria-busy'),
      inlineStyles: root.querySelectorAll('style').length,
      fee: fee.textContent,
      box: JSON.stringify(card.getBoundingClientRect()),
      cardBox: JSON.stringify(root.querySelector('.fc-card')!.getBoundingClientRect()),
      look: getComputedStyle(root.querySelector('.fc-card')!).backgroundColor,
      // The figures: a calculation's answer, or a saved version's result.
      answer: props.answers[0].value.result ?? props.answers[0].value,
    }
  })
}

/** The card as the element has it now: whether its nodes are the server's, its styles, its box. */
function readTakenCard(page: TestPage) {
  return page.evaluate(() => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const fee = root.querySelector('[data-figure=feeAmount]') as HTMLElement & { fromServer?: boolean }
    const card = root.querySelector('.fc') as HTMLElement & { fromServer?: boolean }
    return {
      sameNodes: fee.fromServer === true && card.fromServer === true,
      fee: fee.textContent,
      inlineStyles: root.querySelectorAll('style').length,
      adopted: root.adoptedStyleSheets.length,
      busy: root.querySelector('fieldset[data-fc-rendered]')?.getAttribute('aria-busy') ?? null,
      box: JSON.stringify(card.getBoundingClientRect()),
      cardBox: JSON.stringify(root.querySelector('.fc-card')!.getBoundingClientRect()),
      look: getComputedStyle(root.querySelector('.fc-card')!).backgroundColor,
    }
  })
}

/**
 * The save bar and the plan's downloads, which come after the card is taken over (their chunks, as on a card drawn in
 * the browser): the save bar's place was kept as tall as it is, and the downloads row below the card, which can make
 * the page taller than the window, moves nothing either, so the card's box is what it was.
 */
async function laterPartsCame(page: TestPage) {
  await page.waitForInside('[part=version]')
  await page.waitForInside('[part=downloads]')
  return (await readTakenCard(page)).cardBox
}

/** Console lines that are warnings or errors. */
const complaints = async (page: TestPage) => (await page.console()).filter((line) => /^(warning|error)/.test(line))

describeEngines('a card rendered on the server', EVERY_ENGINE, (suite) => {
  const calls = (name: string) => suite.pages.requests.filter((request) => request.path.includes(name))

  /**
   * Opens `path` with the chunk that takes the card over held back: the card as the server sent it. The calendar's
   * chunk is held too, for good: its arrival redraws the date field, which a comparison of the card before and after
   * it is taken over is not about.
   */
  async function openRendered(path: string, width = 1100) {
    suite.pages.hold(/\/(chunks|assets)\/CalendarPicker-[\w-]+\.js$/)
    const held = suite.pages.hold(HYDRATE_CHUNK)
    const page = await suite.open(path, { width })
    await held.arrived
    await page.waitForInside('fieldset[data-fc-rendered] [data-figure=feeAmount]')
    return { page, release: () => held.release() }
  }

  for (const language of ['es', 'eu'] as const)
    it(`takes the portal's card over in place (${language}), sends nothing for its figures, and tells the host once`, async () => {
      const { page, release } = await openRendered(`/demo/portal.html?lang=${language}`)
      await page.screenshot(`rendered-${suite.engine}-1100-${language}-before`)
      const before = await markServerCard(page)
      // Shown with its figures and styles, its controls not yet usable, and said to be busy.
      expect(before).toMatchObject({ disabled: true, busy: 'true', inlineStyles: 1 })
      expect(before.fee).toMatch(/\d/)
      expect(await page.events()).toEqual([])

      release()
      await page.takenOver()
      const after = await readTakenCard(page)
      expect(after).toMatchObject({ sameNodes: true, fee: before.fee, inlineStyles: 0, busy: null })
      expect(after.adopted).toBeGreaterThan(0)
      // The adopted sheets took over from the inline style with nothing moved or repainted differently.
      expect(after.box).toBe(before.box)
      expect(after.look).toBe(before.look)
      expect(await laterPartsCame(page)).toBe(before.cardBox)
      await page.screenshot(`rendered-${suite.engine}-1100-${language}-after`)

      expect(await page.event('calculationResultReceivedEvent')).toEqual(before.answer)
      expect(calls('CalculateFeeOptions')).toEqual([])
      expect(await complaints(page)).toEqual([])

      // The student's first change is the first calculation, with the token the page's sign-in gave the element.
      await chooseCount(page, '18')
      const result = await page.event('calculationResultReceivedEvent', 2)
      expect(result.totalFees).toBe(18)
      const [calculation] = calls('CalculateFeeOptions')
      expect(calculation?.headers.authorization).toMatch(/^Bearer ey/)
      await page.settled()
      await page.click('[part=save-button]')
      expect((await page.event('feeOptionSelectedEvent')).versionHashCode).toMatch(/\w/)
      expect((await page.events()).map((event) => event.name)).toEqual([
        'calculationResultReceivedEvent',
        'calculationResultReceivedEvent',
        'feeOptionSelectedEvent',
      ])
      expect(await complaints(page)).toEqual([])
    })

  it('tells the host the same events as the client-only portal, for the same moves', async () => {
    const moves = async (page: TestPage) => {
      await page.loaded()
      await page.event('calculationResultReceivedEvent')
      await chooseCount(page, '18')
      await page.event('calculationResultReceivedEvent', 2)
      await page.settled()
      await page.click('[part=save-button]')
      await page.event('feeOptionSelectedEvent')
      const events = (await page.events()).map(({ name, detail }) => [
        name,
        name === 'feeOptionSelectedEvent' ? null : detail,
      ])
      // WebKit runs one page at a time here.
      await page.close()
      return events
    }
    const client = await moves(await suite.open('/demo/portal-client.html?lang=en'))
    expect(await moves(await suite.open('/demo/portal.html?lang=en'))).toEqual(client)
  })

  it('takes a saved plan’s page over, its number included, with no request to load it', async () => {
    const saving = await suite.open('/demo/portal-client.html?lang=en')
    await saving.loaded()
    await saving.click('[part=save-button]')
    const hash = (await saving.event('feeOptionSelectedEvent')).versionHashCode
    await saving.close()
    const { page, release } = await openRendered(`/fees/${hash}`)
    const before = await markServerCard(page)
    expect(before.disabled).toBe(true)
    release()
    await page.takenOver()
    expect(await readTakenCard(page)).toMatchObject({ sameNodes: true, fee: before.fee, inlineStyles: 0 })
    // The version's number came with the page, and shows in the save bar that follows.
    expect(await laterPartsCame(page)).toBe(before.cardBox)
    expect(await page.text('[data-figure=versionNumber]')).toMatch(/^\d+$/)
    expect(await page.event('calculationResultReceivedEvent')).toEqual(before.answer)
    // Shown in the saved input's language, as the app's page shows it.
    expect(
      await page.evaluate(() =>
        document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc')!.getAttribute('lang'),
      ),
    ).toBe('en')
    expect([...calls('feestable'), ...calls('Version/Number')]).toEqual([])
    expect(await complaints(page)).toEqual([])
  })

  it('loads another language’s words before taking its card over, the figures on screen meanwhile', async () => {
    const words = suite.pages.hold(/\/chunks\/gl-[\w-]+\.js$/)
    const page = await suite.open('/demo/portal.html?lang=gl', { width: 375 })
    await words.arrived
    await page.screenshot(`rendered-${suite.engine}-375-gl-before`)
    const before = await markServerCard(page)
    expect(before.disabled).toBe(true)
    words.release()
    await page.takenOver()
    expect(await readTakenCard(page)).toMatchObject({ sameNodes: true, fee: before.fee })
    await page.screenshot(`rendered-${suite.engine}-375-gl-after`)
    expect(await complaints(page)).toEqual([])
  })

  for (const language of ['es', 'eu'] as const)
    it(`shows a phone the same card before and after it is taken over (${language}, 375 px)`, async () => {
      const { page, release } = await openRendered(`/demo/portal.html?lang=${language}`, 375)
      await page.screenshot(`rendered-${suite.engine}-375-${language}-before`)
      const before = await markServerCard(page)
      release()
      await page.takenOver()
      const after = await readTakenCard(page)
      expect(after.sameNodes).toBe(true)
      expect(after.box).toBe(before.box)
      expect(await laterPartsCame(page)).toBe(before.cardBox)
      await page.screenshot(`rendered-${suite.engine}-375-${language}-after`)
    })

  it('starts as it does without a server when the API failed the renderer', async () => {
    const { renderFeesCalculatorFromApi } = await renderer()
    const down = await startRecordingServer()
    await down.close()
    const input = tuitionInput({ dateOfPayment: '2031-03-05', system: 3, token: null, contractId: 'C-9' })
    const element = await renderFeesCalculatorFromApi(
      { tuitionInput: input },
      { apiRoot: `${down.origin}/api/v1`, deadlineMs: 200 },
    )
    expect(element).not.toContain('shadowrootmode')
    const page = await suite.open('', {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script></head><body>${element}</body></html>`,
    })
    await page.loaded()
    expect(calls('CalculateFeeOptionsAnonymous')).toHaveLength(1)
    expect((await page.event('calculationResultReceivedEvent')).feeAmount).toBeGreaterThan(0)
  })
})

describeEngines('a card rendered on the server, without JavaScript', ['chromium'], (suite) => {
  it('shows its figures, date and legal links, its controls inactive', async () => {
    const page = await suite.open('/demo/portal.html?lang=en')
    const context = await page.playwright.context().browser()!.newContext({ javaScriptEnabled: false })
    try {
      const bare = await context.newPage()
      await bare.goto(`${suite.origin}/demo/portal.html?lang=en`)
      const card = bare.locator('fees-calculator .fc')
      await expect.poll(() => card.locator('[data-figure=feeAmount]').textContent()).toMatch(/^€[\d,]+\.\d\d$/)
      expect(await card.locator('.fc-title').textContent()).toBe('Grado en Ingeniería Informática')
      expect(await card.locator('[part=fee-select] option:checked').textContent()).toMatch(/^12 /)
      expect(await card.locator('[part=date]').textContent()).toMatch(/^\d\d \/ \d\d \/ \d{4}$/)
      expect(await card.locator('.fc-footer a').count()).toBe(4)
      expect(await card.locator('[part=fee-select]').isDisabled()).toBe(true)
      // SAVE comes with the script (the save bar's chunk): before it, only its place.
      expect(await card.locator('[part=save-button]').count()).toBe(0)
      expect(await card.locator('.fc-actions:empty').count()).toBe(1)
      await bare.close()
    } finally {
      await context.close()
    }
  })
})

describeEngines('a card rendered on the server, in the first paint', ['chromium'], (suite) => {
  it("is the portal's largest paint, painted with the page's first, before the element's script is asked for", async () => {
    const page = await suite.open('/demo/portal.html?lang=en')
    await page.loaded()
    const paints = await page.evaluate(async () => {
      const first = performance.getEntriesByName('first-contentful-paint')[0]
      const largest = await new Promise<PerformanceEntry | undefined>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1))).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      )
      const script = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === '/dist/fees-calculator.js')
      return { first: first?.startTime, largest: largest?.startTime, script: script?.startTime }
    })
    expect(paints.first).toBeGreaterThan(0)
    expect(paints.largest).toBe(paints.first)
    expect(paints.script).toBeGreaterThanOrEqual(paints.first!)
  })
})
