// A host that moves <fees-calculator> (removes it and inserts it elsewhere) keeps the widget as it was:
// the plan, the lock, the version and the schedule, with no request sent again; a calculation or a save
// under way during the move still lands.
import { describe, expect, it } from 'vitest'
import { browserSuite, hold, type Page, type watch } from './harness.ts'
import { settled, text, waitForEvent } from './screen-helpers.ts'

const suite = browserSuite()

/** The portal page, with a count of the API requests it sends. */
async function open(): Promise<{ page: Page; requests: string[]; log: ReturnType<typeof watch> }> {
  const requests: string[] = []
  const page = await suite.open('/demo/portal.html?lang=en&type=1', {
    before: (page) => {
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (pathname.startsWith('/api/')) requests.push(`${request.method()} ${pathname}`)
      })
    },
  })
  return { page, requests, log: suite.logOf(page) }
}

/** The same, once its first figures are shown. */
async function openLoaded(): ReturnType<typeof open> {
  const opened = await open()
  await waitForEvent(opened.page, 'calculationResultReceivedEvent')
  await settled(opened.page)
  return opened
}

/**
 * Marks the widget's current tree, moves the element into a new container (in
 * the same task, or after `frames` animation frames out of the document), and
 * tells whether the tree after the move is the marked one, i.e. was never unmounted.
 */
async function move(page: Page, frames = 0): Promise<void> {
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
function keptTree(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.querySelector('section > fees-calculator')
    const base = element?.shadowRoot?.querySelector('.fc') as (HTMLElement & { __marked?: boolean }) | null
    return base?.__marked === true
  })
}

describe('<fees-calculator> moved in the page', () => {
  it('keeps the plan after load, in the same task and a few frames later, and sends nothing', async () => {
    const { page, requests, log } = await open()
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    const fee = await text(page, '[data-figure=feeAmount]')
    const sent = requests.length
    for (const frames of [0, 3]) {
      await move(page, frames)
      expect(await keptTree(page), `moved after ${frames} frames`).toBe(true)
      expect(await text(page, '[data-figure=feeAmount]')).toBe(fee)
    }
    // A request the move caused would leave from the render that follows it: one more frame shows none.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(requests.length).toBe(sent)
    expect(log.errors).toEqual([])
    await page.close()
  })

  it('keeps the lock, the version and the schedule after a save', async () => {
    const { page, requests } = await openLoaded()
    await page.locator('fees-calculator [part=save-button]').click()
    const table = await waitForEvent(page, 'feeOptionSelectedEvent')
    await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    const sent = requests.length
    await move(page, 2)
    expect(await keptTree(page)).toBe(true)
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await text(page, '[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    expect(await page.locator('fees-calculator [part=schedule] tbody tr').count()).toBe(table.fees.length)
    expect(await page.locator('fees-calculator [part=save-button]').isDisabled()).toBe(true)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(requests.length).toBe(sent)
    await page.close()
  })

  it('shows the answer of a calculation under way during the move, sent once', async () => {
    const { page, requests } = await openLoaded()
    const calculation = await hold(page, '**/api/v1/Calculator/**')
    const current = await page.locator('fees-calculator [part=fee-select]').inputValue()
    const other = await page
      .locator('fees-calculator [part=fee-select] option:not([hidden])')
      .evaluateAll(
        (options, value) => (options as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== value)!,
        current,
      )
    const sent = requests.length
    await page.locator('fees-calculator [part=fee-select]').selectOption(other)
    await calculation.arrived
    await move(page, 2)
    await calculation.release()
    const result = await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    await settled(page)
    expect(await keptTree(page)).toBe(true)
    expect(await page.locator('fees-calculator [part=fee-select]').inputValue()).toBe(other)
    expect(String(result.feeCount ?? other)).toBe(other)
    expect(requests.length).toBe(sent + 1)
    await page.close()
  })

  it('locks the plan when a save under way during the move is answered, sent once', async () => {
    const { page, requests } = await openLoaded()
    const saving = await hold(page, '**/api/v1/**')
    const sent = requests.length
    await page.locator('fees-calculator [part=save-button]').click()
    await saving.arrived
    await move(page, 2)
    await saving.release()
    const table = await waitForEvent(page, 'feeOptionSelectedEvent')
    await page.locator('fees-calculator .fc[data-state=locked]').waitFor()
    expect(await keptTree(page)).toBe(true)
    expect(await text(page, '[data-figure=versionNumber]')).toBe(String(table.versionNumber))
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(requests.length).toBe(sent + 1)
    await page.close()
  })
})
