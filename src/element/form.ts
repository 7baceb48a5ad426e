// The element as a form control (ElementInternals), a lazy chunk (src/ui/chunks.ts): its value is the hash of the
// saved version the card shows, `required` holds the form back until there is one, and the form's reset, a disabled
// fieldset and the browser's restored state reach the calculator's store as events of its flow.
// What the platform needs at once stays with the element (src/element/form-control.ts), which calls these by name.
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
  if (!internals) return
  control.unbind?.()
  widget.store.getState().setProperty('disabled', element.matches(':disabled'))
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
  control.widget().store.getState().resetForm()
}

/** The element or a fieldset around it was disabled or enabled. */
export function disabled(control: FormControl, _element: HTMLElement, value: unknown): void {
  control
    .widget()
    .store.getState()
    .setProperty('disabled', value === true)
}

/** The browser restored the form's state (back/forward): the saved version opens by its hash. */
export function restored(control: FormControl, _element: HTMLElement, state: unknown): void {
  if (typeof state === 'string' && state !== '') control.widget().store.getState().restore(state)
}
