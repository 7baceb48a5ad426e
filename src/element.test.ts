import {
  defineFeesCalculator,
  INVALID_DATE_MESSAGE,
  type InvalidTuitionDetail,
  type TuitionPayload,
} from 'fees-calculator'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../test/support/fixtures.ts'
import { setPageUrl } from '../test/support/page-url.ts'
import { startRecordingServer } from '../test/support/recording-server.ts'
import { parseBooleanAttribute, widgetOf } from './element.ts'
import { saveBarChunk } from './ui/parts/save-bar-chunk.ts'

const input = tuitionInput({ token: 'tok-secret', language: undefined })

let server: Awaited<ReturnType<typeof startRecordingServer>>

beforeAll(async () => {
  server = await startRecordingServer((request) => ({
    body: standInFeesTable(JSON.parse(request.body || '{}') as TuitionPayload),
  }))
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  document.body.innerHTML = ''
})

/** A <fees-calculator> talking to the test server, in the page. */
function connected() {
  const element = document.createElement('fees-calculator')
  element.apiBase = `${server.origin}/api/v1`
  document.body.append(element)
  return element
}

function collect(_element: HTMLElement, name: string) {
  const seen: CustomEvent[] = []
  document.addEventListener(name, (event) => seen.push(event as CustomEvent))
  return seen
}

describe('<fees-calculator>', () => {
  it('takes over a tuitionInput property set before the tag was defined', async () => {
    const element = document.createElement('fees-calculator') as HTMLElement & {
      tuitionInput?: unknown
      apiBase?: string
    }
    element.tuitionInput = input
    element.setAttribute('api-base', `${server.origin}/api/v1`)
    const results = collect(element, 'calculationResultReceivedEvent')
    document.body.append(element)
    defineFeesCalculator()
    await eventually(() => expect(results).toHaveLength(1))
    expect(results[0]?.detail).toMatchObject({ feeAmount: 500 })
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-secret')
  })

  it('can be defined twice without throwing', () => {
    expect(() => {
      defineFeesCalculator()
      defineFeesCalculator()
    }).not.toThrow()
    expect(customElements.get('fees-calculator')).toBeDefined()
  })

  it('renders into an open shadow root', () => {
    const element = document.createElement('fees-calculator')
    document.body.append(element)
    expect(element.shadowRoot).not.toBeNull()
  })

  it('dispatches camelCase events that bubble and cross the shadow boundary', async () => {
    const element = document.createElement('fees-calculator')
    element.apiBase = `${server.origin}/api/v1`
    const seen = collect(element, 'calculationResultReceivedEvent')
    document.body.append(element)
    element.tuitionInput = input
    await eventually(() => expect(seen).toHaveLength(1))
    expect(seen[0]).toMatchObject({ type: 'calculationResultReceivedEvent', bubbles: true, composed: true })
  })

  it('never writes the tuition input, and so the token, to an attribute', async () => {
    const element = connected()
    element.tuitionInput = input
    await eventually(() => expect(server.requests).toHaveLength(1))
    expect(element.hasAttribute('tuition-input')).toBe(false)
    expect(document.body.innerHTML).not.toContain('tok-secret')
  })

  it('takes the token from the tuition-input attribute and removes it from the DOM', async () => {
    const element = document.createElement('fees-calculator')
    element.apiBase = `${server.origin}/api/v1`
    const results = collect(element, 'calculationResultReceivedEvent')
    document.body.append(element)
    element.setAttribute('tuition-input', JSON.stringify(input))
    await eventually(() => expect(results).toHaveLength(1))
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-secret')
    expect(document.body.innerHTML).not.toContain('tok-secret')
    expect(JSON.parse(element.getAttribute('tuition-input')!)).toEqual({ ...input, token: undefined })
  })

  it('answers a malformed tuition-input attribute with invalidTuitionEvent instead of throwing', async () => {
    const element = document.createElement('fees-calculator')
    const seen = collect(element, 'invalidTuitionEvent')
    document.body.append(element)
    element.setAttribute('tuition-input', '{"dateOfPayment": ')
    await eventually(() => expect(seen).toHaveLength(1))
    expect((seen[0]!.detail as InvalidTuitionDetail).code).toBe('invalid_json')
    expect(server.requests).toHaveLength(0)
  })

  it('writes a refused tuition-input attribute back without its token (bad date, bad field)', async () => {
    for (const refused of [
      { ...input, dateOfPayment: '31/12/2027' },
      { ...input, system: 99 },
    ]) {
      const element = document.createElement('fees-calculator')
      const seen = collect(element, 'invalidTuitionEvent')
      document.body.append(element)
      element.setAttribute('tuition-input', JSON.stringify(refused))
      await eventually(() => expect(seen).toHaveLength(1))
      expect(element.getAttribute('tuition-input')).not.toContain('tok-secret')
      expect(JSON.parse(element.getAttribute('tuition-input')!)).toEqual({ ...refused, token: undefined })
      element.remove()
    }
    expect(document.body.innerHTML).not.toContain('tok-secret')
    expect(server.requests).toHaveLength(0)
  })

  it('never quotes malformed JSON in the event, and takes the token out of the attribute all the same', async () => {
    for (const text of [
      '{"token": "tok-secret", "dateOfPayment": ',
      '{"dateOfPayment": "2027-01-05", "token": "tok-secret" oops}',
      '{"token": tok-secret}',
    ]) {
      const element = document.createElement('fees-calculator')
      const seen = collect(element, 'invalidTuitionEvent')
      document.body.append(element)
      element.setAttribute('tuition-input', text)
      await eventually(() => expect(seen).toHaveLength(1))
      const detail = seen[0]!.detail as InvalidTuitionDetail
      expect(detail.code).toBe('invalid_json')
      expect(detail.message).toMatch(/^tuition-input is not valid JSON/)
      expect(JSON.stringify(detail)).not.toContain('tok-secret')
      expect(JSON.stringify(detail)).not.toContain('dateOfPayment')
      expect(element.getAttribute('tuition-input') ?? '').not.toContain('tok-secret')
      element.remove()
    }
    expect(server.requests).toHaveLength(0)
  })

  it('answers an invalid date with the exact message hosts match on and sends no request', async () => {
    const element = document.createElement('fees-calculator')
    const seen = collect(element, 'invalidTuitionEvent')
    document.body.append(element)
    element.setAttribute('tuition-input', JSON.stringify({ ...input, dateOfPayment: '31/12/2027' }))
    await eventually(() => expect(seen).toHaveLength(1))
    expect(seen[0]?.detail).toEqual({ code: 'invalid_date', message: INVALID_DATE_MESSAGE, field: 'dateOfPayment' })
    expect(server.requests).toHaveLength(0)
  })

  it('refuses an equal refused input once: a host that re-renders with a fresh copy gets no second event', async () => {
    const element = connected()
    const seen = collect(element, 'invalidTuitionEvent')
    const bad = { ...input, dateOfPayment: 'not-a-date' }
    element.tuitionInput = bad
    element.tuitionInput = { ...bad }
    element.tuitionInput = { ...bad }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen).toHaveLength(1)
    // Another refused value is said; so is the first one again once the input was cleared between.
    element.tuitionInput = { ...bad, finalAmount: -1 }
    element.tuitionInput = null
    element.tuitionInput = { ...bad }
    await eventually(() => expect(seen).toHaveLength(3))
    expect(server.requests).toHaveLength(0)
    element.remove()
  })

  it('says a refused input again after any clear between, though none was in force (the element fuzzing found it)', async () => {
    const element = connected()
    const seen = collect(element, 'invalidTuitionEvent')
    // A clear in each of the host's ways: the property to undefined, null or "", the attribute removed.
    const clears = [
      () => (element.tuitionInput = undefined),
      () => (element.tuitionInput = null),
      () => (element.tuitionInput = ''),
      () => element.removeAttribute('tuition-input'),
    ]
    for (const [k, clear] of clears.entries()) {
      element.setAttribute('tuition-input', 'null')
      expect(seen.map((event) => event.detail.code)).toEqual(Array(2 * k + 1).fill('not_an_object'))
      clear()
      element.setAttribute('tuition-input', 'null')
      expect(seen).toHaveLength(2 * k + 2)
      clear()
    }
    expect(server.requests).toHaveLength(0)
    element.remove()
  })

  it('styles its own shadow root, never the page, when the save bar is drawn in its first render', async () => {
    defineFeesCalculator()
    const { savingRules } = await saveBarChunk.load()
    const element = document.createElement('fees-calculator')
    // SAVE's rules came before the first render ended, as they may after a first render in slices on a slow phone.
    widgetOf(element).store.setState({ savingRules })
    element.apiBase = `${server.origin}/api/v1`
    document.body.append(element)
    await eventually(() => expect(element.shadowRoot?.querySelector('[part=version]')).not.toBeNull())
    expect(document.head.querySelectorAll('style')).toHaveLength(0)
    expect(document.adoptedStyleSheets ?? []).toHaveLength(0)
  })

  it('recalculates when tuitionInput changes, and sends nothing for an equal value', async () => {
    const element = connected()
    element.tuitionInput = input
    await eventually(() => expect(server.requests).toHaveLength(1))
    element.tuitionInput = { ...input }
    element.setAttribute('tuition-input', JSON.stringify(input))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.requests).toHaveLength(1)
    element.tuitionInput = { ...input, numberOfFees: 18 }
    await eventually(() => expect(server.requests).toHaveLength(2))
  })
})

describe('<fees-calculator> connected with a tuition input', () => {
  it('sends its first calculation once, to the API root of an attribute read after the input', async () => {
    defineFeesCalculator()
    const element = document.createElement('fees-calculator')
    // The calculation leaves when the element is connected, before React draws: by then every attribute is read.
    element.setAttribute('tuition-input', JSON.stringify(input))
    element.setAttribute('api-base', `${server.origin}/api/v1`)
    const results = collect(element, 'calculationResultReceivedEvent')
    document.body.append(element)
    await eventually(() =>
      expect(element.shadowRoot?.querySelector('[data-figure=feeAmount]')?.textContent).toMatch(/500/),
    )
    expect(results).toHaveLength(1)
    expect(server.requests.map((r) => r.url)).toEqual([expect.stringMatching(/\/api\/v1\/.*CalculateFeeOptions/)])
  })

  it('drops that calculation when removed before it answers, and starts afresh when connected again', async () => {
    defineFeesCalculator()
    const element = document.createElement('fees-calculator')
    element.setAttribute('api-base', `${server.origin}/api/v1`)
    element.setAttribute('tuition-input', JSON.stringify(input))
    const results = collect(element, 'calculationResultReceivedEvent')
    document.body.append(element)
    element.remove()
    document.body.append(element)
    await eventually(() =>
      expect(element.shadowRoot?.querySelector('[data-figure=feeAmount]')?.textContent).toMatch(/500/),
    )
    expect(results).toHaveLength(1)
  })
})

describe('<fees-calculator> given a bad input after a good one', () => {
  it('answers at once with invalidTuitionEvent and keeps the plan it has', async () => {
    const element = connected()
    const results = collect(element, 'calculationResultReceivedEvent')
    const refused = collect(element, 'invalidTuitionEvent')
    element.tuitionInput = input
    await eventually(() => expect(results).toHaveLength(1))
    element.tuitionInput = { ...input, finalAmount: -5 }
    expect(refused.map((e) => e.detail)).toEqual([
      expect.objectContaining({ code: 'invalid_field', field: 'finalAmount' }),
    ])
    expect(element.tuitionInput).toEqual(input)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.requests).toHaveLength(1)
  })

  it('clears to the empty state when tuition-input is removed or set to ""', async () => {
    const element = connected()
    element.setAttribute('tuition-input', JSON.stringify(input))
    await eventually(() => expect(server.requests).toHaveLength(1))
    element.removeAttribute('tuition-input')
    expect(element.tuitionInput).toBeUndefined()
    // Once the calculator is empty, the same input is new again.
    await new Promise((resolve) => setTimeout(resolve, 50))
    element.setAttribute('tuition-input', JSON.stringify(input))
    await eventually(() => expect(server.requests).toHaveLength(2))
    element.setAttribute('tuition-input', '')
    expect(element.tuitionInput).toBeUndefined()
  })
})

describe('show-header and show-footer', () => {
  const shown = (element: HTMLElement, part: string) => !!element.shadowRoot?.querySelector(`[part~="${part}"]`)

  it.each([
    ['absent', null, true],
    ['present with no value', '', true],
    ['"true"', 'true', true],
    ['"show-header"', 'show-header', true],
    ['"false"', 'false', false],
    ['"FALSE"', 'FALSE', false],
    ['"0"', '0', false],
    ['"off"', 'off', false],
  ])('%s: header and footer shown = %s', async (_label, value, expected) => {
    const element = document.createElement('fees-calculator')
    if (value !== null) {
      element.setAttribute('show-header', value)
      element.setAttribute('show-footer', value)
    }
    document.body.append(element)
    await eventually(() => expect(element.shadowRoot?.childElementCount).toBeGreaterThan(0))
    await eventually(() => expect([shown(element, 'header'), shown(element, 'footer')]).toEqual([expected, expected]))
  })

  it('shows the header again when show-header="false" is removed, and takes the property too', async () => {
    const element = document.createElement('fees-calculator')
    element.setAttribute('show-header', 'false')
    document.body.append(element)
    await eventually(() => expect(element.shadowRoot?.childElementCount).toBeGreaterThan(0))
    await eventually(() => expect(shown(element, 'header')).toBe(false))
    element.removeAttribute('show-header')
    await eventually(() => expect(shown(element, 'header')).toBe(true))
    element.showHeader = false
    await eventually(() => expect(shown(element, 'header')).toBe(false))
  })

  it('passes the lender, as an attribute or a property, to the downloads as given; removing the attribute clears it', () => {
    const element = document.createElement('fees-calculator')
    const text = '{"name": "Universidad Demo"}'
    element.setAttribute('lender', text)
    document.body.append(element)
    const lender = () => widgetOf(element)?.store.getState().config.lender
    expect(lender()).toBe(text)
    const given = { name: 'Universidad Demo', contact: { email: 'pagos@demo.example' } }
    element.lender = given
    expect(element.lender).toBe(given)
    expect(lender()).toBe(given)
    element.setAttribute('lender', text)
    element.removeAttribute('lender')
    expect(lender()).toBeNull()
  })
})

describe('parseBooleanAttribute', () => {
  it('defaults when absent, is true when present, and false only for false/0/no/off', () => {
    expect(parseBooleanAttribute(undefined, true)).toBe(true)
    expect(parseBooleanAttribute(null, true)).toBe(true)
    expect(parseBooleanAttribute('', false)).toBe(true)
    expect(parseBooleanAttribute('show-header', false)).toBe(true)
    for (const no of ['false', 'FALSE', '0', 'no', 'off']) expect(parseBooleanAttribute(no, true)).toBe(false)
    expect(parseBooleanAttribute(false, true)).toBe(false)
  })
})
