import { createElement, useState, useSyncExternalStore } from 'react'
import { ELEMENT_PROP_NAMES, ELEMENT_PROPS, type ElementPropName, type PropKind, type PropRow } from './domain/props.ts'
import { parseTuitionJson, validateTuitionInput } from './domain/tuition.ts'
import type { TuitionInput } from './domain/types.ts'
import { reactElementBase } from './element/r2wc-adapter.ts'
import {
  type CalculationResultReceivedDetail,
  dispatchFeesEvent,
  type FeeOptionSelectedDetail,
  type InvalidTuitionDetail,
} from './events.ts'
import { createWidget, FeesCalculator, type FeesCalculatorProps, type Widget } from './ui/FeesCalculator.tsx'

export { ELEMENT_PROP_NAMES, ELEMENT_PROPS }

/** A property's value as the element's accessors take and give it, by kind. */
type ElementValue<K extends PropKind> = K extends 'tuition'
  ? TuitionInput | string | null | undefined
  : K extends 'flag'
    ? boolean | string | null | undefined
    : string | null | undefined

/** The element's properties, typed from the table. */
export type ElementProperties = { -readonly [P in ElementPropName]: ElementValue<(typeof ELEMENT_PROPS)[P]['kind']> }

const propOfAttribute = new Map<string, ElementPropName>(ELEMENT_PROP_NAMES.map((p) => [ELEMENT_PROPS[p].attribute, p]))

/**
 * `show-header` and `show-footer`: absent means the default (true); present
 * with no value or any value but false/0/no/off means true.
 */
export function parseBooleanAttribute(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  return !/^(false|0|no|off)$/i.test(String(value).trim())
}

type RawProps = Readonly<Partial<Record<ElementPropName, unknown>>>

/** An element's current raw props, which its React tree subscribes to. */
class PropsCell {
  values: RawProps = {}
  readonly #listeners = new Set<() => void>()
  set(prop: ElementPropName, value: unknown): void {
    this.values = { ...this.values, [prop]: value }
    for (const listener of this.#listeners) listener()
  }
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
  get = () => this.values
}

const cells = new WeakMap<Element, PropsCell>()
function cellOf(element: Element): PropsCell {
  let cell = cells.get(element)
  if (!cell) {
    cell = new PropsCell()
    cells.set(element, cell)
  }
  return cell
}

/** A raw value as the component takes it: empty text is absent, a flag is read as `show-header` is. */
function componentValue(kind: PropKind, value: unknown, fallback: string | undefined): unknown {
  if (kind === 'flag') return parseBooleanAttribute(value, fallback !== 'false')
  if (kind === 'text') return typeof value === 'string' && value !== '' ? value : null
  return value ?? null
}

/** The component's props for the element's raw props: its callbacks become DOM events on the host. */
function componentProps(host: Element, raw: RawProps): FeesCalculatorProps {
  const props: Record<string, unknown> = {
    onCalculationResultReceived: (detail: CalculationResultReceivedDetail) =>
      dispatchFeesEvent(host, 'calculationResultReceivedEvent', detail),
    onInvalidTuition: (detail: InvalidTuitionDetail) => dispatchFeesEvent(host, 'invalidTuitionEvent', detail),
    onFeeOptionSelected: (detail: FeeOptionSelectedDetail) => dispatchFeesEvent(host, 'feeOptionSelectedEvent', detail),
  }
  for (const prop of ELEMENT_PROP_NAMES) {
    const row: PropRow = ELEMENT_PROPS[prop]
    props[prop] = componentValue(row.kind, raw[prop], row.default)
  }
  return props as FeesCalculatorProps
}

/**
 * The widget (store, i18n, notices) an element is working with: the one
 * started before its first render, which its React tree then takes, until the
 * element is released. The model-based tests read its store to check that a
 * move keeps it and a removal releases it; it is not part of the package's
 * surface.
 */
export const widgetOf = (element: Element): Widget | undefined => (element as ElementState)[WIDGET]

/** Turns the element's raw props into the component's, and hands over the widget started before the first render. */
function ElementView({ container }: { container: ShadowRoot }) {
  const host = container.host as ElementState
  const cell = cellOf(host)
  const raw = useSyncExternalStore(cell.subscribe, cell.get, cell.get)
  const props = componentProps(host, raw)
  const [widget] = useState(() => (host[WIDGET] ??= createWidget(props)))
  return createElement(FeesCalculator, { ...props, widget })
}

/** What the host set as tuitionInput, returned by the getter as given. */
const GIVEN_INPUT = Symbol('givenTuitionInput')
/**
 * The last refused tuition input, as text: the same one again is not refused again. A framework that re-renders
 * with a fresh but equal object (React, when the invalidTuitionEvent handler sets state) would otherwise get one
 * event per render, forever.
 */
const LAST_REFUSED = Symbol('lastRefusedTuitionInput')
/** Set while the element rewrites its own tuition-input attribute, which is then not a new input. */
const SCRUBBING = Symbol('scrubbing')

/** The element's widget (see widgetOf): its first calculation may leave before React's first render. */
const WIDGET = Symbol('widget')

/** The control inside that last took the focus (see watchInnerFocus). */
const INNER_FOCUS = Symbol('innerFocus')

type ElementState = HTMLElement & {
  [GIVEN_INPUT]?: unknown
  [LAST_REFUSED]?: string
  [SCRUBBING]?: boolean
  [WIDGET]?: Widget
  [INNER_FOCUS]?: Element | null
}

/**
 * Remembers which control inside had the focus last. So `focus()` can tell
 * React apart from the host: when a control that has the focus is removed,
 * React's commit gives the focus back to the element it found focused, the
 * host, by calling its focus().
 */
function watchInnerFocus(element: ElementState): void {
  const root = element.shadowRoot
  if (!root || element[INNER_FOCUS] !== undefined) return
  element[INNER_FOCUS] = null
  root.addEventListener('focusin', (event) => {
    element[INNER_FOCUS] = event.composedPath()[0] as Element
  })
}

/**
 * The first request leaves as soon as the element is connected with a valid
 * tuition input (every attribute has been read by then, the API root
 * included), in parallel with React's first render and the lazy chunks
 * rather than after them.
 */
function startEarly(element: ElementState): void {
  const raw = cellOf(element).values
  if (raw.versionHashCode || raw.tuitionInput === undefined || raw.tuitionInput === '' || element[WIDGET]) return
  const props = componentProps(element, raw)
  const widget = createWidget(props)
  widget.store.getState().setTuitionInput((props.tuitionInput ?? null) as TuitionInput | null)
  element[WIDGET] = widget
}

/** A `"token": "…"` member in a text that is not JSON, so that it can go all the same. */
const TOKEN_MEMBER = /,?\s*"token"\s*:\s*"(?:[^"\\]|\\.)*"?/g

/**
 * The bearer token must not stay readable in the page's DOM: once the element
 * has read a tuition-input attribute, taken or refused, it writes the
 * attribute back without the token (the token lives on in the element's
 * memory only). Text that is not JSON loses its `"token": "…"` member; if the
 * word is still there, the attribute goes.
 */
function scrubTokenFromAttribute(element: ElementState, text: string): void {
  let scrubbed: string | null
  try {
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null || !('token' in parsed)) return
    const { token: _token, ...rest } = parsed as Record<string, unknown>
    scrubbed = JSON.stringify(rest)
  } catch {
    if (!/token/i.test(text)) return
    const without = text.replace(TOKEN_MEMBER, '')
    scrubbed = /token/i.test(without) ? null : without
  }
  element[SCRUBBING] = true
  try {
    if (scrubbed === null) element.removeAttribute('tuition-input')
    else element.setAttribute('tuition-input', scrubbed)
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
    element[LAST_REFUSED] = undefined
    cellOf(element).set('tuitionInput', undefined)
    return
  }
  const check = typeof value === 'string' ? parseTuitionJson(value) : validateTuitionInput(value)
  // Taken or refused, the attribute keeps no token.
  if (fromAttribute && typeof value === 'string') scrubTokenFromAttribute(element, value)
  if (!check.ok) {
    const text = typeof value === 'string' ? value : textOf(value)
    if (text !== undefined && text === element[LAST_REFUSED]) return
    element[LAST_REFUSED] = text
    dispatchFeesEvent(element, 'invalidTuitionEvent', check.error)
    return
  }
  element[LAST_REFUSED] = undefined
  element[GIVEN_INPUT] = value
  cellOf(element).set('tuitionInput', check.value)
}

/** A refused value as JSON, or undefined when it has none (a cycle, a BigInt): such a value is refused every time. */
function textOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

function setProp(element: ElementState, prop: ElementPropName, value: unknown, fromAttribute = false): void {
  if (prop === 'tuitionInput') takeTuitionInput(element, value, fromAttribute)
  else cellOf(element).set(prop, value ?? undefined)
}

/**
 * The element's base: r2wc's element, which renders ElementView in an open
 * shadow root, with the additions of src/element/r2wc-adapter.ts. Where there
 * is no DOM it is an inert class, so the package imports in plain Node.
 */
const ElementBase = reactElementBase(ElementView, { mode: 'open' })

/** The package's version, written in by the build (vite.config.ts). */
declare const __FEES_CALCULATOR_VERSION__: string

// Its attributes and properties come from src/domain/props.ts, its CSS custom
// properties and parts from src/ui/theme.ts: custom-elements-manifest.config.mjs
// adds both to this class's entry in the manifest.
/**
 * `<fees-calculator>`: choose how to pay university tuition in monthly fees.
 *
 * @tag fees-calculator
 * @summary Monthly-fee calculator for university tuition: fee count, first payment date, financing cost, saved versions.
 *
 * @event {CustomEvent<CalculationResultReceivedDetail>} calculationResultReceivedEvent - A fees table was calculated or loaded; the detail is the result.
 * @event {CustomEvent<InvalidTuitionDetail>} invalidTuitionEvent - The tuition input was refused (detail: code, message, field), a calculation failed in embedded mode (detail: the request failure; an answer the widget could not read has the code `invalid_response` or `invalid_date` and the `field` to blame), or the calculator could not be drawn (code `render_failed`).
 * @event {CustomEvent<FeeOptionSelectedDetail>} feeOptionSelectedEvent - The plan was saved (detail: the amortization table), or saving failed in embedded mode (detail: the request failure with the error body, or the code and `field` of an answer the widget could not read).
 * @event {CustomEvent<PlanDownloadDetail>} planDownloadEvent - The student downloaded the plan as a PDF (before saving, a simulation) or its due dates as an .ics calendar file (a saved plan); the detail names the kind, the file name, the contract, the version number and its hash.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the accessors are defined from the props table at run time; the interface of the same name gives them their types.
export class FeesCalculatorElement extends ElementBase {
  // Properties are kept as given (an object stays an object and is never
  // written back to an attribute, so the token never shows in the DOM), a
  // refused tuition input is answered at once with invalidTuitionEvent and
  // leaves the plan on screen as it was, removing an attribute or setting it
  // to "" is honoured, and properties a host set before the tag was defined
  // are taken over on upgrade.

  /**
   * The package version of the script that defined the tag: the one that runs when a page loads two
   * (`customElements.get('fees-calculator').version`, in the README). Not an element property, so not in the manifest.
   * @ignore
   */
  static readonly version: string = __FEES_CALCULATOR_VERSION__

  static get observedAttributes(): string[] {
    return [...propOfAttribute.keys()]
  }

  override connectedCallback(): void {
    const self = this as unknown as Record<string, unknown>
    for (const prop of ELEMENT_PROP_NAMES) {
      if (Object.hasOwn(this, prop)) {
        const value = self[prop]
        delete self[prop]
        self[prop] = value
      }
    }
    // A move keeps the tree it has (and its store): only a first connect, or one after a release, starts early.
    if (!this.hasReactTree) startEarly(this)
    super.connectedCallback()
    watchInnerFocus(this)
  }

  /** A first render with a calculation on its way yields to it (see src/element/r2wc-adapter.ts). */
  override slicedFirstRender(): boolean {
    return (this as ElementState)[WIDGET] !== undefined
  }

  override released(): void {
    // Removed for good: whatever its store still has under way is dropped with it, and the host hears nothing more.
    widgetOf(this)?.store.getState().clear()
    ;(this as ElementState)[WIDGET] = undefined
  }

  /**
   * Focuses the calculator's first control that can take the focus (a
   * multi-step form moving the focus to the payment step). Not
   * `delegatesFocus`: with it, a click on any text of the card would move the
   * focus to that control. A call from React handing back the focus of a
   * control it just removed is left alone: the part that replaced it (the
   * schedule, the date button after the calendar) takes the focus itself.
   */
  override focus(options?: FocusOptions): void {
    const state = this as ElementState
    // The control that had the focus is gone: React handing its focus back (once; a call after that is the host's).
    if (state[INNER_FOCUS]?.isConnected === false) {
      state[INNER_FOCUS] = null
      return
    }
    this.shadowRoot?.querySelector<HTMLElement>(':is(select,input,button):enabled')?.focus(options)
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    const prop = propOfAttribute.get(name)
    if (!prop) return
    if (prop === 'tuitionInput' && (this as ElementState)[SCRUBBING]) return
    setProp(this, prop, value, true)
  }
}

for (const prop of ELEMENT_PROP_NAMES) {
  Object.defineProperty(FeesCalculatorElement.prototype, prop, {
    configurable: true,
    enumerable: true,
    get(this: ElementState) {
      return prop === 'tuitionInput' ? this[GIVEN_INPUT] : cellOf(this).values[prop]
    },
    set(this: ElementState, value: unknown) {
      setProp(this, prop, value)
    },
  })
}

export interface FeesCalculatorElement extends ElementProperties {}
