import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAmortizationTable, parseFeesTable, parseJsonText, type Parsed } from '../../src/api/responses.ts'
import type { AmortizationTable, FeesTableResult } from '../../src/domain/types.ts'
import { amortizationLike, answers, feesTableLike, type Answer } from '../support/answers.ts'
import { launchBrowser, startDemo, watch, type Browser, type DemoServer, type Page } from './harness.ts'
import { events, recordEvents } from './screen-helpers.ts'

/**
 * Generated answers through the built element in Chromium: the page's
 * requests are answered with generated statuses and bodies. Nothing is thrown
 * on the page, the screen never shows NaN / Infinity / Invalid Date /
 * undefined, and every answer ends in the event the spec gives it.
 */
const RUNS = Number(process.env.BROWSER_RESPONSE_FUZZ_RUNS ?? 200)

function expected<T>(answer: Answer, parse: (body: unknown) => Parsed<T>): { ok: true; value: T } | { ok: false; code: string } {
  if (answer.status < 200 || answer.status > 299) return { ok: false, code: 'request_failed' }
  const json = parseJsonText(answer.status, answer.body ?? '')
  if (!json.ok) return { ok: false, code: json.error.code }
  const parsed = parse(json.value)
  return parsed.ok ? parsed : { ok: false, code: parsed.error.code }
}

let demo: DemoServer
let browser: Browser

beforeAll(async () => {
  demo = await startDemo()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await demo?.close()
})

/** The shadow root's text, as the user reads it. */
const screenText = (page: Page) => page.evaluate(() => document.querySelector('fees-calculator')!.shadowRoot!.textContent ?? '')
const eventCount = async (page: Page) => (await events(page)).length

async function openCrm(): Promise<{ page: Page; log: ReturnType<typeof watch>; input: Record<string, unknown>; first: FeesTableResult }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  page.setDefaultTimeout(10_000)
  const log = watch(page)
  await recordEvents(page)
  await page.goto(`${demo.url}/demo/crm.html`)
  await page.waitForFunction(() => (window as unknown as { __fcEvents: { name: string }[] }).__fcEvents.some((e) => e.name === 'calculationResultReceivedEvent'))
  const first = (await events(page)).find((e) => e.name === 'calculationResultReceivedEvent')!.detail as FeesTableResult
  const input = await page.evaluate(() => document.querySelector('fees-calculator')!.tuitionInput as unknown as Record<string, unknown>)
  return { page, log, input, first }
}

/** Sets a new tuition input (a new numberOfFees each time) and waits for the one event it ends in. */
async function next(page: Page, input: Record<string, unknown>, before: number, trigger: 'input' | 'save') {
  if (trigger === 'input') {
    await page.evaluate((value) => {
      document.querySelector('fees-calculator')!.tuitionInput = value as never
    }, input)
  } else {
    await page.evaluate(() => {
      ;(document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=save-button]') as HTMLButtonElement).click()
    })
  }
  await page.waitForFunction((n) => (window as unknown as { __fcEvents: unknown[] }).__fcEvents.length > n, before)
  await page.waitForFunction(() => document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-card')?.getAttribute('data-busy') === 'false')
  return (await events(page)).slice(before)
}

describe('generated answers through the built element in Chromium', () => {
  it(`CalculateFeeOptions: ${RUNS} answers`, async () => {
    const { page, log, input, first } = await openCrm()
    let current: Answer | null = null
    await page.route('**/Calculator/CalculateFeeOptions*', (route) =>
      route.fulfill(current!.body === null ? { status: current!.status } : { status: current!.status, body: current!.body, contentType: current!.contentType }),
    )
    let k = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(answers(feesTableLike(first)), async (answer) => {
        k++
        current = answer
        const before = await eventCount(page)
        const got = await next(page, { ...input, numberOfFees: 12 + (k % 13), finalAmount: 6000 + k }, before, 'input')
        const outcome = expected(answer, parseFeesTable)
        expect(got).toHaveLength(1)
        if (outcome.ok) expect(got[0]).toEqual({ name: 'calculationResultReceivedEvent', detail: outcome.value })
        else {
          refused++
          expect(got[0]?.name).toBe('invalidTuitionEvent')
          expect(got[0]?.detail).toMatchObject({ code: outcome.code })
        }
        expect(await screenText(page)).not.toMatch(/NaN|Infinity|Invalid Date|undefined/)
        expect(await page.locator('fees-calculator .fc-failed').count()).toBe(0)
      }),
      { numRuns: RUNS },
    )
    expect(log.errors).toEqual([])
    expect(refused).toBeGreaterThan(RUNS / 5)
    await page.close()
  }, 300_000)

  it(`FrontCalculateFees (a save of an ERP plan, which does not lock): ${Math.ceil(RUNS / 2)} answers`, async () => {
    const { page, log, input } = await openCrm()
    const before = await eventCount(page)
    // An ERP system (3) in embedded mode calls the Anonymous endpoints and saves without locking.
    await next(page, { ...input, system: 3, token: null }, before, 'input')
    let current: Answer | null = null
    await page.route('**/Calculator/FrontCalculateFees*', (route) =>
      route.fulfill(current!.body === null ? { status: current!.status } : { status: current!.status, body: current!.body, contentType: current!.contentType }),
    )
    const base: AmortizationTable = { versionHashCode: null, versionNumber: null, currency: 'EUR', fees: [], totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 } }
    await fc.assert(
      fc.asyncProperty(answers(amortizationLike(base)), async (answer) => {
        current = answer
        const count = await eventCount(page)
        const got = await next(page, input, count, 'save')
        const outcome = expected(answer, parseAmortizationTable)
        expect(got.map((e) => e.name)).toEqual(['feeOptionSelectedEvent'])
        if (outcome.ok) expect(got[0]?.detail).toEqual(outcome.value)
        else expect(got[0]?.detail).toMatchObject({ code: outcome.code })
        expect(await screenText(page)).not.toMatch(/NaN|Infinity|Invalid Date|undefined/)
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    )
    expect(log.errors).toEqual([])
    await page.close()
  }, 300_000)
})
