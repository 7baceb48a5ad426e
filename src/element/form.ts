// The element as a form control (ElementInternals): its value is the hash of the saved version the card shows,
// `required` holds the form back until there is one, and the form's reset, a disabled fieldset and the browser's
// restored state reach the widget through its one path from the host (src/ui/widget.ts).
import { msg } from '@lingui/core/macro'
import { DEFAULT_LANGUAGE } from '../domain/language.ts'
import { hostReset, hostSet, type Widget } from '../ui/widget.ts'

const VALUE_MISSING = msg`Save your plan to continue.`

/** What the element keeps for its form: its internals, and its binding to the widget on hand. */
export interface FormControl {
  internals: ElementInternals | undefined
  /** A state the browser restored before the widget was made: opened once it is. */
  restored?: string
  /** Sets the value and validity again (`required` changed). */
  update?: () => void
  unbind?: () => void
}

/** The element's internals; none where the platform has none (plain Node, a test DOM without them). */
export function formControl(element: HTMLElement): FormControl {
  return { internals: typeof element.attachInternals === 'function' ? element.attachInternals() : undefined }
}

/** Where the browser's message and focus go: SAVE, else the first control the student can use. */
function anchorOf(element: HTMLElement): HTMLElement | undefined {
  const find = (selector: string) => element.shadowRoot?.querySelector<HTMLElement>(selector) ?? undefined
  return find('[part~=save-button]:enabled') ?? find(':is(select,input,button):enabled')
}

/** The value and validity the form sees, from the widget's store: again on each change, and when the form asks. */
export function bindForm(element: HTMLElement, control: FormControl, widget: Widget): void {
  control.unbind?.()
  const { internals } = control
  if (!internals) return
  hostSet(widget, 'disabled', element.matches(':disabled'))
  if (control.restored) widget.store.getState().restore(control.restored)
  control.restored = undefined
  const update = () => {
    const hash = widget.store.getState().savedVersion
    internals.setFormValue(hash)
    if (hash || !element.hasAttribute('required')) return internals.setValidity({})
    const i18n = widget.words.of(widget.shown.current ?? DEFAULT_LANGUAGE) ?? widget.words.of(DEFAULT_LANGUAGE)
    internals.setValidity({ valueMissing: true }, i18n?._(VALUE_MISSING), anchorOf(element))
  }
  control.update = update
  update()
  const unsubscribe = widget.store.subscribe(update)
  // Asked at once before the browser reports it: the message in the language on screen, SAVE rendered by now.
  element.addEventListener('invalid', update)
  control.unbind = () => {
    unsubscribe()
    element.removeEventListener('invalid', update)
  }
}

/** The form was reset: the host's input anew, its hash gone. */
export function formReset(widget: Widget | undefined): void {
  if (widget) hostReset(widget)
}

/** The element or a fieldset around it was disabled or enabled. */
export function formDisabled(widget: Widget | undefined, disabled: boolean): void {
  if (widget) hostSet(widget, 'disabled', disabled)
}

/** The browser restored the form's state (back/forward): the saved version opens by its hash. */
export function formRestored(control: FormControl, widget: Widget | undefined, state: unknown): void {
  if (typeof state !== 'string' || state === '') return
  if (widget) widget.store.getState().restore(state)
  else control.restored = state
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
