// A host that moves <fees-calculator> (removes it and inserts it elsewhere) keeps the widget as it was:
// the plan, the lock, the version and the schedule, with no request sent again; a calculation or a save
// under way during the move still lands.
import { expect, it } from 'vitest'
import { describeEngines, type TestPage } from '../support/harness.ts'

/**
 * Marks the widget's current tree, moves the element into a new container (in
 * the same task, or after `frames` animation frames out of the document), and
 * tells whether the tree after the move is the marked one, i.e. was never unmounted.
 */
async function move(page: TestPage, frames = 0): Promise<void> {
  await page.evaluate(async (wait) => {
    const element = document.querySelector('fees-calculator')!
    ;(element.shadowRoot!.querySelector('.fc') as HTMLElement & { __marked?: boolean }).__marked = true
    const box = document.createElement('section')
    document.body.append(box)
    if (wait === 0) {
      box.append(element)
      return
    }
    element.remove()
    for (let i = 0; i < wait; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
    box.append(element)
  }, frames)
}

/** Whether the widget's tree is the one marked before the move (it was never unmounted). */
function keptTree(page: TestPage): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.querySelector('section > fees-calculator')
    const base = element?.shadowRoot?.querySelector('.fc') as (HTMLElement & { __marked?: boolean }) | null
    return base?.__marked === true
  })
}

describeEngines('<fees-calculator> moved in the page', ['chromium'], (suite) => {
  /** The API requests the page sent so far (through the page server), as `METHOD path`. */
  const apiRequests = () =>
    suite.pages.requests
      .filter((request) => request.path.startsWith('/api/'))
      .map((request) => `${request.method} ${request.path.split('?')[0]}`)

  /** The portal page. */
  const open = () => suite.open('/demo/portal.html?lang=en&type=1')

  /** The same, once its first figures are shown. */
  async function openLoaded(): Promise<TestPage> {
    const page = await open()
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    return page
  }

  it('keeps the plan after load, in the same task and a few frames later, and sends nothing', async () => {
    const page = await open()
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    const fee = await page.text('[data-figure=feeAmount]')
    const sent = apiRequests().length
    for (const frames of [0, 3]) {
      await move(page, frames)
      expect(await keptTree(page), `moved after ${frames} frames`).toBe(true)
      expect(await page.text('[data-figure=feeAmount]')).toBe(fee)
    }
    // A request the move caused would leave from the render that follows it: one more frame shows none.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(apiRequests().length).toBe(sent)
  })

  it('keeps the lock, the version and the schedule after a save', async () => {
    const page = await openLoaded()
    await page.playwright.locator('fees-calculator [part=save-button]').click()
    const table = await page.event('feeOptionSelectedEvent')
    await page.playwright.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    const sent = apiRequests().length
    await move(page, 2)
    expect(await keptTree(page)).toBe(true)
    await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await page.text('[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    expect(await page.playwright.locator('fees-calculator [part=schedule] tbody tr').count()).toBe(table.fees.length)
    expect(await page.playwright.locator('fees-calculator [part=save-button]').isDisabled()).toBe(true)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(apiRequests().length).toBe(sent)
  })

  it('shows the answer of a calculation under way during the move, sent once', async () => {
    const page = await openLoaded()
    const calculation = suite.pages.hold('/api/v1/Calculator/')
    const current = await page.playwright.locator('fees-calculator [part=fee-select]').inputValue()
    const other = await page.playwright
      .locator('fees-calculator [part=fee-select] option:not([hidden])')
      .evaluateAll(
        (options, value) => (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== value)!,
        current,
      )
    const sent = apiRequests().length
    await page.playwright.locator('fees-calculator [part=fee-select]').selectOption(other)
    await calculation.arrived
    await move(page, 2)
    calculation.release()
    const result = await page.event('calculationResultReceivedEvent', 2)
    await page.settled()
    expect(await keptTree(page)).toBe(true)
    expect(await page.playwright.locator('fees-calculator [part=fee-select]').inputValue()).toBe(other)
    expect(String(result.feeCount ?? other)).toBe(other)
    expect(apiRequests().length).toBe(sent + 1)
  })

  it('locks the plan when a save under way during the move is answered, sent once', async () => {
    const page = await openLoaded()
    const saving = suite.pages.hold('/api/v1/')
    const sent = apiRequests().length
    await page.playwright.locator('fees-calculator [part=save-button]').click()
    await saving.arrived
    await move(page, 2)
    saving.release()
    const table = await page.event('feeOptionSelectedEvent')
    await page.playwright.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await keptTree(page)).toBe(true)
    expect(await page.text('[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(apiRequests().length).toBe(sent + 1)
  })
})
