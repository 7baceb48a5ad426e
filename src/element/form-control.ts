// What the element needs of its form at once: its internals, the members a native control offers the page's scripts,
// and the message of `required`. The rest (the value and validity kept in step with the store, reset, disabled, a
// restored state) is src/element/form.ts, a lazy chunk loaded for an element in a form, named, required or disabled.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { DEFAULT_LANGUAGE } from '../domain/language.ts'
import type { Widget } from '../ui/widget.ts'

const VALUE_MISSING = msg`Save your plan to continue.`

/** The platform's callbacks the form's chunk answers, by its function's name, with the callback's argument. */
export type FormCall = ['bind' | 'reset' | 'disabled' | 'restored', unknown?]

/** What the element keeps for its form: its internals, and its binding to the widget on hand. */
export interface FormControl {
  readonly internals: ElementInternals | undefined
  /** The element's calculator. */
  readonly widget: () => Widget
  /** Callbacks that came before the form's chunk, answered in order when it arrives (undefined: none waiting). */
  waiting?: FormCall[]
  /** Sets the value and validity again (`required` changed). */
  update?: () => void
  unbind?: () => void
}

/** The element's internals; none where the platform has none (plain Node, a test DOM without them). */
export function formControl(element: HTMLElement, widget: () => Widget): FormControl {
  return { internals: element.attachInternals?.(), widget }
}

/** The browser's message for a missing plan, in the card's language (Spanish before the first one's words). */
export function valueMissingMessage(widget: Widget): string {
  const i18n = widget.words.of(widget.shown.current ?? DEFAULT_LANGUAGE) ?? (widget.words.of(DEFAULT_LANGUAGE) as I18n)
  return i18n._(VALUE_MISSING)
}

/** What a native control offers its page's scripts, read from the element's internals. */
const FORM_MEMBERS = [
  'form',
  'validity',
  'validationMessage',
  'willValidate',
  'checkValidity',
  'reportValidity',
] as const
export type FormMembers = Pick<ElementInternals, (typeof FORM_MEMBERS)[number]>

/** Gives the element's prototype the members of a native control (`form`, `checkValidity()`, …). */
export function addFormMembers(prototype: object, controlOf: (element: object) => FormControl | undefined): void {
  for (const name of FORM_MEMBERS) {
    const read = (element: object) => controlOf(element)?.internals
    Object.defineProperty(
      prototype,
      name,
      name === 'checkValidity' || name === 'reportValidity'
        ? {
            configurable: true,
            writable: true,
            value: function (this: object) {
              return read(this)?.[name]() ?? true
            },
          }
        : {
            configurable: true,
            get(this: object) {
              return read(this)?.[name]
            },
          },
    )
  }
}
