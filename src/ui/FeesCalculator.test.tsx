import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { type RecordedRequest, type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import type { FeesTableResult, TuitionPayload } from '../domain/types.ts'
import { calendarChunk } from './chunks.ts'
import { FeesCalculator, type FeesCalculatorProps } from './FeesCalculator.tsx'

// Updates arrive from a real server: the tests wait for the screen rather than wrap them in act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false })
/** Lets React render what the last event or answer changed. */
const rendered = () => new Promise((resolve) => setTimeout(resolve, 0))

const input = tuitionInput({ dateOfPayment: '2099-01-05', studyIdName: 'Grado en Historia' })

/** The stand-in table, with a financing cost so the summary has one to show. */
function feesTable(body: TuitionPayload): FeesTableResult {
  const table = standInFeesTable(body, { minFees: 10, maxFees: 14, tin: 0.0595, tae: 0.06115 })
  return { ...table, interests: 123.45, finalFee: table.amountToFinance + 123.45 }
}

let server: Awaited<ReturnType<typeof startRecordingServer>>
const reply = (request: RecordedRequest): Reply => {
  if (request.url.includes('CalculateFeeOptions'))
    return { body: feesTable(JSON.parse(request.body) as TuitionPayload) }
  // A plan saved in English.
  if (request.url.includes('/feestable/saved')) return { body: { result: feesTable(input), tuitionInput: input } }
  if (request.url.includes('/Version/Number')) return { body: 3 }
  // A save the server turns down, a moment later: the plan stays unlocked and editable.
  if (request.url.includes('FrontCalculateFees'))
    return { status: 409, body: { type: 'about:blank', title: 'Conflict', status: 409, code: 'conflict' }, delay: 100 }
  return { status: 404, body: {} }
}

beforeAll(async () => {
  server = await startRecordingServer(reply)
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())

const mounted: Root[] = []
afterEach(() => {
  for (const root of mounted.splice(0)) root.unmount()
  document.body.replaceChildren()
  server.requests.length = 0
})

/** Mounts the component in a shadow root, as the element does. */
async function mount(props: FeesCalculatorProps = {}, lang?: string) {
  const host = document.createElement('div')
  if (lang !== undefined) host.lang = lang
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  mounted.push(root)
  root.render(<FeesCalculator apiBase={`${server.origin}/api/v1`} {...props} />)
  // The card, and its save bar once its chunk is here (asked for as the card was put in the page).
  await eventually(() => expect(shadow.querySelector('[part=version]')).not.toBeNull())
  const $ = <T extends Element = HTMLElement>(selector: string) => shadow.querySelector<T>(selector)
  const text = (selector: string) => $(selector)?.textContent?.trim() ?? null
  const settle = () => eventually(() => expect($('.fc-card')?.getAttribute('data-busy')).toBe('false'))
  /** Waits for the recalculation a change sent, and gives what it sent and the monthly fee then shown. */
  const recalculated = async () => {
    await eventually(() => expect(server.requests).toHaveLength(2))
    await settle()
    return { sent: JSON.parse(server.requests.at(-1)!.body) as unknown, fee: text('[data-figure=feeAmount]') }
  }
  return { shadow, root, $, text, settle, recalculated }
}

describe('<FeesCalculator>', () => {
  it('starts empty, in Spanish, with zero figures and its controls disabled', async () => {
    const { $, text } = await mount()
    expect($('.fc')?.getAttribute('data-state')).toBe('empty')
    expect($('.fc')?.getAttribute('lang')).toBe('es')
    expect(text('[part=title]')).toBe('Tu plan de pago de la matrícula')
    expect(text('.fc-field label')).toBe('Selecciona el número de cuotas (entre 12 y 24)')
    expect(text('[data-figure=feeAmount]')).toMatch(/^0,00\sUS\$$/)
    expect(text('[data-figure=finalFee]')).toMatch(/^0,00\sUS\$$/)
    expect($<HTMLSelectElement>('[part=fee-select]')?.disabled).toBe(true)
    expect(
      [...$<HTMLSelectElement>('[part=fee-select]')!.options].filter((o) => !o.hidden).map((o) => o.value),
    ).toEqual(Array.from({ length: 13 }, (_, k) => String(12 + k)))
    expect($<HTMLButtonElement>('[part=date]')?.disabled).toBe(true)
    expect($<HTMLButtonElement>('[part=save-button]')?.disabled).toBe(true)
    expect(server.requests).toHaveLength(0)
  })

  it('shows the answer in the language of the input, and lists exactly minFees..maxFees', async () => {
    const { $, text, settle } = await mount({ tuitionInput: input })
    await settle()
    expect($('.fc')?.getAttribute('data-state')).toBe('loaded')
    expect(text('[part=title]')).toBe('Grado en Historia')
    expect(text('[data-figure=feeAmount]')).toBe('€600.00')
    expect(text('[data-figure=interests]')).toBe('€123.45')
    expect(text('[data-figure=finalFee]')).toBe('€6,123.45')
    expect(text('[data-figure=tin]')).toBe('5.95%')
    expect(text('[data-figure=tae]')).toBe('6.12%')
    expect($<HTMLInputElement>('[data-figure=initialAmount]')?.value).toBe('€6,000.00')
    expect(text('[data-figure=contractId]')).toBe('C-1')
    const select = $<HTMLSelectElement>('[part=fee-select]')!
    expect(select.disabled).toBe(false)
    expect([...select.options].map((o) => o.value)).toEqual(['10', '11', '12', '13', '14'])
    expect(select.options[0]?.textContent).toBe('10 monthly fees')
    expect(text('.fc-field label')).toBe('Select the number of fees (between 10 and 14)')
    expect($<HTMLButtonElement>('[part=save-button]')?.disabled).toBe(false)
  })

  it('recalculates when the fee count changes', async () => {
    const { $, settle, recalculated } = await mount({ tuitionInput: input })
    await settle()
    const select = $<HTMLSelectElement>('[part=fee-select]')!
    select.value = '12'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    expect(await recalculated()).toMatchObject({ sent: { numberOfFees: 12 }, fee: '€500.00' })
  })

  it('recalculates an edited amount when the field loses focus, not while typing', async () => {
    const { $, settle, recalculated } = await mount({ tuitionInput: input })
    await settle()
    const amount = $<HTMLInputElement>('input[data-figure=initialAmount]')!
    amount.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    await rendered()
    expect(amount.value).toBe('6000.00')
    // React tracks the value it set: go around its setter as typing does.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(amount, '7,200.00')
    amount.dispatchEvent(new Event('input', { bubbles: true }))
    await rendered()
    expect(server.requests).toHaveLength(1)
    amount.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    expect(await recalculated()).toMatchObject({ sent: { finalAmount: 7200 }, fee: '€720.00' })
  })

  it.each([
    ['before the calendar has loaded', false],
    ['once the calendar has loaded', true],
  ])(
    'keeps the date button, and a keyboard user on it, while a save is under way and once it has answered (%s)',
    async (_, withCalendar) => {
      if (withCalendar) await calendarChunk.load()
      const { shadow, $, settle } = await mount({ tuitionInput: input })
      await settle()
      // The calendar's own button (react-datepicker's input), once its month names are here too; else the stand-in.
      const calendarButton = '.react-datepicker__input-container button[part=date]'
      if (withCalendar) await eventually(() => expect($(calendarButton)).not.toBeNull())
      else expect($(calendarButton)).toBeNull()
      const date = $<HTMLButtonElement>('button[part=date]')!
      date.focus()
      $<HTMLButtonElement>('[part=save-button]')!.click()
      // The calendar cannot open until the save answers, and the button says so where it is.
      await eventually(() => expect(date.getAttribute('aria-disabled')).toBe('true'))
      date.click()
      expect($('.react-datepicker__month')).toBeNull()
      await eventually(() => expect($('[part=save-button]')?.getAttribute('aria-busy')).toBe('false'))
      expect($('button[part=date]')).toBe(date)
      expect(date.hasAttribute('aria-disabled')).toBe(false)
      expect(date.hasAttribute('readonly')).toBe(false)
      expect(shadow.activeElement).toBe(date)
    },
    // The calendar's chunk, react-datepicker with it, is transformed on its first load: seconds on a busy machine.
    60_000,
  )

  it('keeps each instance in its own language', async () => {
    const es = await mount({ tuitionInput: { ...input, language: 'ES' } })
    const en = await mount({ tuitionInput: input })
    await es.settle()
    await en.settle()
    expect(es.text('[data-figure=feeAmount]')).toMatch(/^600,00\s€$/)
    expect(es.text('.fc-chip')).toBe('Mensual')
    expect(en.text('.fc-chip')).toBe('Monthly')
  })

  it("opens a saved plan in the language of the page around it when it speaks it, else in the plan's own", async () => {
    const around = await mount({ versionHashCode: 'saved' }, 'ca-ES')
    await eventually(() => expect(around.$('.fc')?.getAttribute('data-state')).toBe('loaded'))
    expect(around.$('.fc')?.getAttribute('lang')).toBe('ca')
    expect(around.text('.fc-chip')).toBe('Mensual')
    const own = await mount({ versionHashCode: 'saved' }, 'fr')
    await eventually(() => expect(own.$('.fc')?.getAttribute('data-state')).toBe('loaded'))
    expect(own.text('.fc-chip')).toBe('Monthly')
  })

  it("speaks a university's own words, given as a prop, in their language", async () => {
    const { text, settle } = await mount({ tuitionInput: input, messages: { en: { save: 'SAVE MY PLAN' } } })
    await settle()
    expect(text('[part=save-button]')).toBe('SAVE MY PLAN')
    expect(text('.fc-chip')).toBe('Monthly')
  })

  it('hides the header and the footer when asked', async () => {
    const shown = await mount()
    expect(shown.$('[part=header]')).not.toBeNull()
    expect(shown.$('[part=footer]')?.textContent).toContain('© 2023')
    const hidden = await mount({ showHeader: false, showFooter: false })
    expect(hidden.$('[part=header]')).toBeNull()
    expect(hidden.$('[part=footer]')).toBeNull()
  })
})
