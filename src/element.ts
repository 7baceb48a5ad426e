import { createElement } from 'react'
import type { Root } from 'react-dom/client'
import type { Lender } from './domain/lender.ts'
import { ELEMENT_PROP_NAMES, ELEMENT_PROPS, type ElementPropName, type PropKind, type PropRow } from './domain/props.ts'
import { readTuitionText, TuitionText } from './domain/tuition.ts'
import type { TuitionInput } from './domain/types.ts'
import { formChunk, hydrateChunk } from './element/chunk.ts'
import {
  addFormMembers,
  type FormCall,
  type FormControl,
  type FormMembers,
  formControl,
  valueMissingMessage,
} from './element/form-control.ts'
import { reactElementBase } from './element/r2wc-adapter.ts'
import { dispatchFeesEvent } from './events.ts'
import { parseBooleanAttribute } from './store/flow.ts'
import { WidgetView } from './ui/FeesCalculator.tsx'
import type { FeesCalculatorMessages } from './ui/replaceable-words.ts'
import { createWidget, type Widget } from './ui/widget.ts'

export { ELEMENT_PROP_NAMES, ELEMENT_PROPS, parseBooleanAttribute }

/** A property's value as the element's accessors take and give it, by kind. */
type ElementValue<K extends PropKind> = K extends 'tuition'
  ? TuitionInput | string | null | undefined
  : K extends 'flag'
    ? boolean | string | null | undefined
    : K extends 'messages'
      ? FeesCalculatorMessages | string | null | undefined
      : K extends 'lender'
        ? Lender | string | null | undefined
        : K extends 'boolean'
          ? boolean
          : string | null | undefined

/** The element's properties, typed from the table. */
export type ElementProperties = { -readonly [P in ElementPropName]: ElementValue<(typeof ELEMENT_PROPS)[P]['kind']> }

const propOfAttribute = new Map<string, ElementPropName>(ELEMENT_PROP_NAMES.map((p) => [ELEMENT_PROPS[p].attribute, p]))

/** Set while the element rewrites its own tuition-input attribute, which is then not a new input. */
const REWRITING_ATTRIBUTE = Symbol('rewritingAttribute')
/** The element's calculator, made with the element: what the host sets goes to its store at once. */
const WIDGET = Symbol('widget')
/** The control inside that last took the focus (see watchInnerFocus). */
const INNER_FOCUS = Symbol('innerFocus')
/** What the element keeps as a form control (src/element/form-control.ts). */
const FORM = Symbol('form')
/** A card rendered on a server, being taken over: its React root once hydrated (src/element/hydrate.tsx). */
const TAKEN = Symbol('taken')

type ElementState = HTMLElement & {
  [REWRITING_ATTRIBUTE]?: boolean
  [WIDGET]: Widget
  [INNER_FOCUS]?: Element | null
  [FORM]?: FormControl
  [TAKEN]?: Promise<Root | null>
}

/** The element's internals and form binding, made the first time they are asked for. */
const controlOf = (element: ElementState): FormControl =>
  (element[FORM] ??= formControl(element, () => element[WIDGET]))

/**
 * Answers a form's callback with the form's logic (a lazy chunk, src/element/form.ts): at once when it is here and
 * nothing waits before it, else in turn once it arrives, so the callbacks reach the widget in the order they came. A
 * chunk that cannot load is reported by the widget's store; the next callback tries again.
 */
function withForm(element: ElementState, ...call: FormCall): void {
  const control = controlOf(element)
  const answer = ([name, arg]: FormCall) => formChunk.loaded()?.[name](control, element, arg)
  if (control.waiting) {
    control.waiting.push(call)
    return
  }
  if (formChunk.loaded()) {
    answer(call)
    return
  }
  control.waiting = [call]
  formChunk.load().then(
    () => {
      const calls = control.waiting ?? []
      control.waiting = undefined
      calls.forEach(answer)
    },
    (error: unknown) => {
      control.waiting = undefined
      element[WIDGET].store.getState().reportChunkFailure(error)
    },
  )
}

/**
 * Binds the element's value and validity to its widget's store; `required` holds the form back from the start, with
 * the message in the language on hand until the chunk has arrived.
 */
function bindForm(element: ElementState): void {
  const { internals, update } = controlOf(element)
  const widget = element[WIDGET]
  if (update || !internals) {
    update?.()
    return
  }
  internals.setValidity({ valueMissing: element.hasAttribute('required') }, valueMissingMessage(widget))
  withForm(element, 'bind')
}

/**
 * The calculator (store, i18n, notices) of an element. The model-based tests read its store to check that a move
 * keeps it and a removal releases it; it is not part of the package's surface.
 */
export const widgetOf = (element: Element): Widget => (element as ElementState)[WIDGET]

/** What the element renders: its calculator's view. */
function ElementView({ container }: { container: ShadowRoot }) {
  return createElement(WidgetView, { widget: widgetOf(container.host) })
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

/** A `"token": "…"` member in a text that is not JSON, so that it can go all the same. */
const TOKEN_MEMBER = /,?\s*"token"\s*:\s*"(?:[^"\\]|\\.)*"?/g

/**
 * The bearer token must not stay readable in the page's DOM: once the element
 * has read a tuition-input attribute, taken or refused, it writes the
 * attribute back without the token (the token lives on in the element's
 * memory only). Text that is not JSON loses its `"token": "…"` member; if the
 * word is still there, the attribute goes.
 */
function scrubTokenFromAttribute(element: ElementState, { text, read }: TuitionText): void {
  let scrubbed: string | null
  if (read.ok) {
    const { value } = read
    if (typeof value !== 'object' || value === null || !('token' in value)) return
    const { token: _token, ...rest } = value as Record<string, unknown>
    scrubbed = JSON.stringify(rest)
  } else {
    if (!/token/i.test(text)) return
    const without = text.replace(TOKEN_MEMBER, '')
    scrubbed = /token/i.test(without) ? null : without
  }
  element[REWRITING_ATTRIBUTE] = true
  try {
    if (scrubbed === null) element.removeAttribute('tuition-input')
    else element.setAttribute('tuition-input', scrubbed)
  } finally {
    element[REWRITING_ATTRIBUTE] = false
  }
}

/**
 * A property the host set, as an attribute's text or as a property's value, handed to the element's store (the
 * flow keeps it as given, and the getters read it there). A tuition-input attribute is read once, here, and written
 * back without its token, taken or refused.
 */
function setProp(element: ElementState, prop: ElementPropName, value: unknown, fromAttribute = false): void {
  // A form control's attribute: the form's callbacks read it (the property reflects it).
  if ((ELEMENT_PROPS[prop] as PropRow).form) {
    if (prop !== 'disabled') bindForm(element)
    return
  }
  const text = prop === 'tuitionInput' && typeof value === 'string' ? readTuitionText(value) : undefined
  element[WIDGET].store.getState().setProperty(prop, text ?? value)
  // Last: writing the attribute runs the element's pending reactions, its first connect among them when it is being
  // upgraded, which must find the input already given (the first calculation leaves on that connect).
  if (text && fromAttribute) scrubTokenFromAttribute(element, text)
}

/** A property's value as the host gave it: a tuition input given as text is that text. */
function givenValue(element: ElementState, prop: ElementPropName): unknown {
  const value = element[WIDGET].store.getState().given[prop]
  return value instanceof TuitionText ? value.text : (value ?? undefined)
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
 * @event {CustomEvent<FeeOptionSelectedDetail>} feeOptionSelectedEvent - The plan was saved (detail: the amortization table, and `replacedVersion`: the hash and number of the saved version it replaces, or null), or saving failed in embedded mode (detail: the request failure with the error body, or the code and `field` of an answer the widget could not read).
 * @event {CustomEvent<PlanDownloadDetail>} planDownloadEvent - The student downloaded the plan as a PDF (before saving, a simulation), its due dates as an .ics calendar file (a saved plan), or the standard European consumer credit information of a plan with interest as a PDF; the detail names the kind (`pdf`, `ics` or `credit-information`), the file name, the contract, the version number and its hash.
 * @event {CustomEvent<PlanShareDetail>} planShareEvent - The student sent a saved plan to whoever pays (`plan-url`): through the device's share sheet (`method: 'share'`, `withPdf` when its PDF went too) or by copying its link (`method: 'copy'`); the detail names the link, the contract, the version number and its hash.
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
   * (`customElements.get('fees-calculator').version`, in docs/embedding.md). Not an element property, so not in the manifest.
   * @ignore
   */
  static readonly version: string = __FEES_CALCULATOR_VERSION__

  /** A form control: in a `<form>`, its value is the saved version's hash (src/element/form.ts). @ignore */
  static readonly formAssociated = true

  static get observedAttributes(): string[] {
    return [...propOfAttribute.keys()]
  }

  /**
   * The element's calculator, made with it: whatever the host sets goes to its store at once (a card a server rendered
   * gets one of its own, src/element/hydrate.tsx). @ignore
   */
  readonly [WIDGET]: Widget = createWidget((name, detail) => dispatchFeesEvent(this, name, detail), this)

  override connectedCallback(): void {
    const self = this as unknown as Record<string, unknown>
    for (const prop of ELEMENT_PROP_NAMES) {
      if (Object.hasOwn(this, prop)) {
        const value = self[prop]
        delete self[prop]
        self[prop] = value
      }
    }
    // A move keeps the tree it has (and its plan). A first connect, or one after a release, puts the plan the host
    // gave in the page as the tree is first rendered (renderTree), or takes over the card a server rendered.
    const state = this as ElementState
    if (!this.hasReactTree) {
      const { store } = state[WIDGET]
      // Disabled from the start (its own attribute, a disabled fieldset): no control can be used, not even before the
      // form's chunk has arrived to keep that in step.
      const disabled = this.matches(':disabled')
      if (disabled) store.getState().setProperty('disabled', true)
      // In a form, named, required or disabled: a form control. Else, nothing of the form's logic loads.
      if (disabled || controlOf(this).internals?.form || this.matches('[name],[required]')) bindForm(this)
    }
    super.connectedCallback()
    watchInnerFocus(this)
  }

  /** A first render with a calculation on its way yields to it (see src/element/r2wc-adapter.ts). */
  override slicedFirstRender(): boolean {
    return widgetOf(this).store.getState().calculating
  }

  /**
   * The plan the host gave starts as the tree is first rendered: the first calculation leaves in parallel with it. A
   * shadow root that holds something already is a declarative one, which the page's HTML gave with a card a server
   * rendered: that card is taken over (a lazy chunk, src/element/hydrate.tsx), not drawn anew; its figures are there,
   * and no request leaves for them. Its widget starts where the server's did, and the form's binding follows it there.
   * A card that cannot be taken over (the chunk, its props or its words unreachable) gives way to the element's own
   * first render, unless the element was released meanwhile (which took the card out).
   * @ignore
   */
  override renderTree(): void {
    const state = this as ElementState
    if (!this.shadowRoot?.firstChild) {
      state[WIDGET].store.getState().attach()
      super.renderTree()
      return
    }
    const taking: Promise<Root | null> = hydrateChunk
      .load()
      .then(({ takeOver }) =>
        takeOver(this, state[WIDGET], (widget) => {
          state[WIDGET] = widget
          if (state[FORM]?.update) withForm(state, 'bind')
        }),
      )
      .catch(() => {
        if (state[TAKEN] !== taking) return null
        this.shadowRoot?.replaceChildren()
        this.renderTree()
        return null
      })
    state[TAKEN] = taking
  }

  override released(): void {
    // Removed for good: whatever its store still has under way is dropped, and the host hears nothing more.
    const state = this as ElementState
    widgetOf(this).store.getState().release()
    state[FORM]?.unbind?.()
    // A card taken over goes with its root (whose nodes, as the root r2wc unmounted, leave the shadow root): put
    // back, the element draws its own.
    state[TAKEN]?.then((root) => root?.unmount())
    state[TAKEN] = undefined
    this.shadowRoot?.replaceChildren()
  }

  // The platform's callbacks, handed to the form's logic (a lazy chunk) in the order they came.
  formAssociatedCallback(form: HTMLFormElement | null): void {
    if (form) bindForm(this)
  }

  formResetCallback(): void {
    withForm(this, 'reset')
  }

  formDisabledCallback(disabled: boolean): void {
    withForm(this, 'disabled', disabled)
  }

  formStateRestoreCallback(state: unknown): void {
    withForm(this, 'restored', state)
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
    if (prop === 'tuitionInput' && (this as ElementState)[REWRITING_ATTRIBUTE]) return
    setProp(this, prop, value, true)
  }
}

for (const prop of ELEMENT_PROP_NAMES) {
  const { attribute, kind, form } = ELEMENT_PROPS[prop] as PropRow
  Object.defineProperty(FeesCalculatorElement.prototype, prop, {
    configurable: true,
    enumerable: true,
    get(this: ElementState) {
      if (!form) return givenValue(this, prop)
      return kind === 'boolean' ? this.hasAttribute(attribute) : this.getAttribute(attribute)
    },
    set(this: ElementState, value: unknown) {
      if (!form) setProp(this, prop, value)
      else if (kind === 'boolean') this.toggleAttribute(attribute, !!value)
      else if (value == null) this.removeAttribute(attribute)
      else this.setAttribute(attribute, String(value))
    },
  })
}

addFormMembers(FeesCalculatorElement.prototype, (element) => controlOf(element as ElementState))

export interface FeesCalculatorElement extends ElementProperties, FormMembers {}
