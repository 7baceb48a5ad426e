// The element as a form control (ElementInternals), a lazy chunk (src/ui/chunks.ts): its value is the hash of the
// saved version the card shows, `required` holds the form back until there is one, and the form's reset, a disabled
// fieldset and the browser's restored state reach the widget through its one path from the host (src/ui/widget.ts).
// What the platform needs at once stays with the element (src/element/form-control.ts), which calls these by name.
import { hostSet, hostSetAll } from '../ui/widget.ts'
import { type FormControl, valueMissingMessage } from './form-control.ts'

/** Where the browser's message and focus go: SAVE, else the first control the student can use. */
function anchorOf(element: HTMLElement): HTMLElement | undefined {
  const find = (selector: string) => element.shadowRoot?.querySelector<HTMLElement>(selector) ?? undefined
  return find('[part~=save-button]:enabled') ?? find(':is(select,input,button):enabled')
}

/** The value and validity the form sees, from the widget's store: again on each change, and when the form asks. */
export function bind(control: FormControl, element: HTMLElement): void {
  const { internals } = control
  const widget = control.widget()
  if (!internals || !widget) return
  control.unbind?.()
  hostSet(widget, 'disabled', element.matches(':disabled'))
  if (control.restored) widget.store.getState().restore(control.restored)
  control.restored = undefined
  const update = () => {
    const hash = widget.store.getState().savedVersion
    internals.setFormValue(hash)
    if (hash || !element.hasAttribute('required')) return internals.setValidity({})
    internals.setValidity({ valueMissing: true }, valueMissingMessage(widget), anchorOf(element))
  }
  control.update = update
  update()
  const unsubscribe = widget.store.subscribe(update)
  // Asked at once before the browser reports it: the message in the language on screen, SAVE rendered by now.
  element.addEventListener('invalid', update)
  control.unbind = () => {
    unsubscribe()
    element.removeEventListener('invalid', update)
    control.update = undefined
  }
}

/** The form was reset: the host's input as it gave it, anew (the plan unsaved and unlocked, or its saved version). */
export function reset(control: FormControl): void {
  const widget = control.widget()
  if (!widget) return
  const { given } = widget
  widget.store.getState().clear()
  widget.given = {}
  hostSetAll(widget, given)
}

/** The element or a fieldset around it was disabled or enabled. */
export function disabled(control: FormControl, _element: HTMLElement, value: unknown): void {
  const widget = control.widget()
  if (widget) hostSet(widget, 'disabled', value === true)
}

/** The browser restored the form's state (back/forward): the saved version opens by its hash. */
export function restored(control: FormControl, _element: HTMLElement, state: unknown): void {
  if (typeof state !== 'string' || state === '') return
  const widget = control.widget()
  if (widget) widget.store.getState().restore(state)
  else control.restored = state
}
