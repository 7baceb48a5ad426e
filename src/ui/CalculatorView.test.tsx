import { createRoot, type Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { startRecordingServer } from '../../test/support/recording-server.ts'
import type { FeesTableResult, TuitionPayload } from '../domain/types.ts'
import { FeesCalculator } from './FeesCalculator.tsx'

// Updates arrive from a real server: the test waits for the screen rather than wrap them in act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false })

/** How often some parts rendered: two that a recalculation does not concern, one that it does. */
const { renders, counted } = vi.hoisted(() => {
  const renders = { Header: 0, PaymentScheme: 0, MonthlyFee: 0 }
  /** The part's module with its component wrapped in a render counter. */
  async function counted(name: keyof typeof renders, load: () => Promise<Record<string, unknown>>) {
    const original = await load()
    const component = original[name] as () => unknown
    return {
      ...original,
      [name]: () => {
        renders[name]++
        return component()
      },
    }
  }
  return { renders, counted }
})

vi.mock('./parts/Header.tsx', (importOriginal) => counted('Header', importOriginal))
vi.mock('./parts/PaymentScheme.tsx', (importOriginal) => counted('PaymentScheme', importOriginal))
vi.mock('./parts/MonthlyFee.tsx', (importOriginal) => counted('MonthlyFee', importOriginal))

const input = tuitionInput({ dateOfPayment: '2099-01-05' })

/** The stand-in table, with a financing cost so the summary has one to show. */
function feesTable(body: TuitionPayload): FeesTableResult {
  const table = standInFeesTable(body, { tin: 0.0595, tae: 0.06115 })
  return { ...table, interests: 100, finalFee: table.amountToFinance + 100 }
}

let server: Awaited<ReturnType<typeof startRecordingServer>>
let root: Root

beforeAll(async () => {
  server = await startRecordingServer((request) => ({ body: feesTable(JSON.parse(request.body) as TuitionPayload) }))
  setPageUrl(`${server.origin}/`)
})
afterAll(() => {
  root?.unmount()
  return server.close()
})

describe('the calculator screen', () => {
  it('re-renders the figures on a recalculation, not the parts it does not concern', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const shadow = host.attachShadow({ mode: 'open' })
    root = createRoot(shadow)
    root.render(<FeesCalculator apiBase={`${server.origin}/api/v1`} tuitionInput={input} />)
    const idle = () =>
      eventually(() => expect(shadow.querySelector('.fc-card')?.getAttribute('data-busy')).toBe('false'))
    await eventually(() => expect(shadow.querySelector('[data-figure=feeAmount]')?.textContent).toBe('€500.00'))
    await idle()

    const before = { ...renders }
    const select = shadow.querySelector<HTMLSelectElement>('[part=fee-select]')!
    select.value = '24'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    await eventually(() => expect(shadow.querySelector('[data-figure=feeAmount]')?.textContent).toBe('€250.00'))
    await idle()

    // The card went busy and back (two renders of its own): the parts inside it that show nothing of the answer stay as they were.
    expect(renders.MonthlyFee).toBeGreaterThan(before.MonthlyFee)
    expect(renders.PaymentScheme).toBe(before.PaymentScheme)
    expect(renders.Header).toBe(before.Header)
  })
})
