import { createElement } from 'react'
import r2wc from '@r2wc/react-to-web-component'
import { parseTuitionJson, validateTuitionInput } from './domain/tuition.ts'
import { dispatchFeesEvent, type CalculationResultReceivedDetail, type FeeOptionSelectedDetail, type InvalidTuitionDetail } from './events.ts'
import { createWidget, FeesCalculator, type Widget } from './ui/FeesCalculator.tsx'

/** The element's properties; each has an attribute of the same name in kebab case. */
export const ELEMENT_PROPS = ['tuitionInput', 'versionHashCode', 'showHeader', 'showFooter', 'apiBase', 'apiKey'] as const
type ElementProp = (typeof ELEMENT_PROPS)[number]

const attributeOf = (prop: string) => prop.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const propOf = new Map<string, ElementProp>(ELEMENT_PROPS.map((p) => [attributeOf(p), p]))

// r2wc keeps its props and render function behind these registered symbols.
const R2WC_PROPS = Symbol.for('r2wc.props')
const R2WC_RENDER = Symbol.for('r2wc.render')

/**
 * `show-header` and `show-footer`: absent means the default (true); present
 * with no value or any value but false/0/no/off means true.
 */
export function parseBooleanAttribute(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  return !/^(false|0|no|off)$/i.test(String(value).trim())
}

interface AdapterProps {
  container: ShadowRoot
  tuitionInput?: unknown
  versionHashCode?: string
  showHeader?: unknown
  showFooter?: unknown
  apiBase?: string
  apiKey?: string
}

/** The component's props for the element's raw props: its callbacks become DOM events on the host. */
function componentProps(host: Element, { tuitionInput, versionHashCode, showHeader, showFooter, apiBase, apiKey }: Omit<AdapterProps, 'container'>) {
  return {
    tuitionInput: tuitionInput === '' ? null : (tuitionInput as never),
    versionHashCode: versionHashCode || null,
    showHeader: parseBooleanAttribute(showHeader, true),
    showFooter: parseBooleanAttribute(showFooter, true),
    apiBase: apiBase || null,
    apiKey: apiKey || null,
    onCalculationResultReceived: (detail: CalculationResultReceivedDetail) => dispatchFeesEvent(host, 'calculationResultReceivedEvent', detail),
    onInvalidTuition: (detail: InvalidTuitionDetail) => dispatchFeesEvent(host, 'invalidTuitionEvent', detail),
    onFeeOptionSelected: (detail: FeeOptionSelectedDetail) => dispatchFeesEvent(host, 'feeOptionSelectedEvent', detail),
  }
}

/** Turns the element's raw props into the component's, and hands over the widget started before the first render. */
function ElementAdapter({ container, ...raw }: AdapterProps) {
  const host = container.host as ElementState
  const widget = host[EARLY_WIDGET] ?? null
  host[EARLY_WIDGET] = undefined
  return createElement(FeesCalculator, { ...componentProps(host, raw), widget })
}

const R2wcElement = r2wc(ElementAdapter, {
  shadow: 'open',
  props: Object.fromEntries(ELEMENT_PROPS.map((p) => [p, 'string'])) as Record<ElementProp, 'string'>,
})

type R2wcInternals = { [R2WC_PROPS]: Record<string, unknown>; [R2WC_RENDER]: () => void }

/** What the host set as tuitionInput, returned by the getter as given. */
const GIVEN_INPUT = Symbol('givenTuitionInput')
/** Set while the element rewrites its own tuition-input attribute, which is then not a new input. */
const SCRUBBING = Symbol('scrubbing')

/**
 * The widget whose first calculation left when the element was connected,
 * before React's first render; the component takes it over when it mounts.
 */
const EARLY_WIDGET = Symbol('earlyWidget')

type ElementState = HTMLElement & R2wcInternals & { [GIVEN_INPUT]?: unknown; [SCRUBBING]?: boolean; [EARLY_WIDGET]?: Widget }

/**
 * The first request leaves as soon as the element is connected with a valid
 * tuition input (every attribute has been read by then, the API root
 * included), in parallel with React's first render and the lazy chunks
 * rather than after them.
 */
function startEarly(element: ElementState): void {
  const raw = element[R2WC_PROPS] as Omit<AdapterProps, 'container'>
  if (raw.versionHashCode || raw.tuitionInput === undefined || raw.tuitionInput === '' || element[EARLY_WIDGET]) return
  const props = componentProps(element, raw)
  const widget = createWidget(props)
  widget.store.getState().setTuitionInput(props.tuitionInput)
  element[EARLY_WIDGET] = widget
}

/**
 * The bearer token must not stay readable in the page's DOM: once the element
 * has taken a tuition-input attribute, it writes the attribute back without
 * the token (the token lives on in the element's memory only).
 */
function scrubTokenFromAttribute(element: ElementState, text: string): void {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return
  }
  if (typeof parsed !== 'object' || parsed === null || !('token' in parsed)) return
  const { token: _token, ...rest } = parsed as Record<string, unknown>
  element[SCRUBBING] = true
  try {
    element.setAttribute('tuition-input', JSON.stringify(rest))
  } finally {
    element[SCRUBBING] = false
  }
}

/**
 * A new tuition input, from the attribute or the property. A refused one is
 * answered at once with invalidTuitionEvent and changes nothing: the plan on
 * screen stays. null, undefined and "" clear the calculator.
 */
function takeTuitionInput(element: ElementState, value: unknown, fromAttribute = false): void {
  if (value === null || value === undefined || value === '') {
    element[GIVEN_INPUT] = undefined
    element[R2WC_PROPS].tuitionInput = undefined
    element[R2WC_RENDER]()
    return
  }
  const check = typeof value === 'string' ? parseTuitionJson(value) : validateTuitionInput(value)
  if (!check.ok) {
    dispatchFeesEvent(element, 'invalidTuitionEvent', check.error)
    return
  }
  element[GIVEN_INPUT] = value
  element[R2WC_PROPS].tuitionInput = check.value
  element[R2WC_RENDER]()
  if (fromAttribute && typeof value === 'string') scrubTokenFromAttribute(element, value)
}

// Its CSS custom properties and parts are documented in src/ui/theme.ts; custom-elements-manifest.config.mjs
// adds them to this class's entry in the manifest.
/**
 * `<fees-calculator>`: choose how to pay university tuition in monthly fees.
 *
 * @tag fees-calculator
 * @summary Monthly-fee calculator for university tuition: fee count, first payment date, financing cost, saved versions.
 *
 * @attr {string} tuition-input - Embedded mode: the tuition input as JSON. Its `language` counts by its primary subtag, in any case and with `-` or `_` (`en`, `en-US`, `EN_gb` → English; anything else → Spanish). Malformed JSON or an invalid input sends `invalidTuitionEvent`.
 * @attr {string} version-hash-code - Hash mode: loads the saved version with this hash.
 * @attr {boolean} show-header - Shows the header with the legal links; `show-header="false"` hides it. Default true.
 * @attr {boolean} show-footer - Shows the footer with the legal links and copyright; `show-footer="false"` hides it. Default true.
 * @attr {string} api-base - Overrides the environment's API root, e.g. `https://api.example.edu/api/v1`.
 * @attr {string} api-key - Overrides the build's static API key of hash mode.
 *
 * @prop {TuitionInput | string | null} tuitionInput - Embedded mode: the tuition input. Setting it again recalculates; an equal value sends no request. Never written back to the attribute.
 * @prop {string | null} versionHashCode - Hash mode: loads the saved version with this hash.
 * @prop {boolean | string | null} showHeader - Shows the header. Default true.
 * @prop {boolean | string | null} showFooter - Shows the footer. Default true.
 * @prop {string | null} apiBase - Overrides the environment's API root.
 * @prop {string | null} apiKey - Overrides the build's static API key of hash mode.
 *
 * @event {CustomEvent<CalculationResultReceivedDetail>} calculationResultReceivedEvent - A fees table was calculated or loaded; the detail is the result.
 * @event {CustomEvent<InvalidTuitionDetail>} invalidTuitionEvent - The tuition input was refused (detail: code, message, field), a calculation failed in embedded mode (detail: the request failure; an answer the widget could not read has the code `invalid_response` or `invalid_date` and the `field` to blame), or the calculator could not be drawn (code `render_failed`).
 * @event {CustomEvent<FeeOptionSelectedDetail>} feeOptionSelectedEvent - The plan was saved (detail: the amortization table), or saving failed in embedded mode (detail: the request failure with the error body, or the code and `field` of an answer the widget could not read).
 */
export class FeesCalculatorElement extends (R2wcElement as unknown as { new (): HTMLElement & R2wcInternals }) {
  // r2wc mounts the React tree in an open shadow root; this class fixes what
  // r2wc leaves to us: properties are kept as given (an object stays an object
  // and is never written back to an attribute, so the token never shows in the
  // DOM), a refused tuition input is answered at once with invalidTuitionEvent
  // and leaves the plan on screen as it was, removing an attribute or setting it
  // to "" is honoured, and properties a host set before the tag was defined are
  // taken over on upgrade.

  static get observedAttributes(): string[] {
    return [...propOf.keys()]
  }

  connectedCallback(): void {
    for (const prop of ELEMENT_PROPS) {
      if (Object.prototype.hasOwnProperty.call(this, prop)) {
        const value = (this as Record<string, unknown>)[prop]
        delete (this as Record<string, unknown>)[prop]
        ;(this as Record<string, unknown>)[prop] = value
      }
    }
    startEarly(this)
    ;(R2wcElement.prototype as unknown as { connectedCallback: () => void }).connectedCallback.call(this)
  }

  disconnectedCallback(): void {
    // Removed before React could take it over: its request is dropped with it.
    const early = (this as ElementState)[EARLY_WIDGET]
    ;(this as ElementState)[EARLY_WIDGET] = undefined
    early?.store.getState().clear()
    ;(R2wcElement.prototype as unknown as { disconnectedCallback: () => void }).disconnectedCallback.call(this)
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const prop = propOf.get(name)
    if (!prop) return
    if (prop === 'tuitionInput') {
      if (!(this as ElementState)[SCRUBBING]) takeTuitionInput(this, value, true)
      return
    }
    this[R2WC_PROPS][prop] = value ?? undefined
    this[R2WC_RENDER]()
  }
}

for (const prop of ELEMENT_PROPS) {
  Object.defineProperty(FeesCalculatorElement.prototype, prop, {
    configurable: true,
    enumerable: true,
    get(this: R2wcInternals & { [GIVEN_INPUT]?: unknown }) {
      return prop === 'tuitionInput' ? this[GIVEN_INPUT] : this[R2WC_PROPS][prop]
    },
    set(this: HTMLElement & R2wcInternals, value: unknown) {
      if (prop === 'tuitionInput') return takeTuitionInput(this, value)
      this[R2WC_PROPS][prop] = value
      this[R2WC_RENDER]()
    },
  })
}

export interface FeesCalculatorElement {
  tuitionInput: import('./domain/types.ts').TuitionInput | string | null | undefined
  versionHashCode: string | null | undefined
  showHeader: boolean | string | null | undefined
  showFooter: boolean | string | null | undefined
  apiBase: string | null | undefined
  apiKey: string | null | undefined
}
