/** A day cell of react-datepicker; the one with tabindex 0 is where the arrow keys have got to. */
const DAY = 'react-datepicker__day'
const DAY_TAB_STOP = `.${DAY}[tabindex="0"]`

/** Puts the focus on the calendar's current day, as the dialog pattern asks when the calendar opens. */
export function focusCurrentDay(root: ParentNode): void {
  root.querySelector<HTMLElement>(DAY_TAB_STOP)?.focus({ preventScroll: true })
}

/**
 * react-datepicker moves the focus to the day the arrow keys reach only when
 * `document.activeElement` is a day. Inside a shadow root that is the host
 * element, so the focus would stay on the day left behind while the highlight
 * moves on, and a screen reader would read the wrong date. This follows the
 * highlight instead: whenever the calendar changes while a day has the focus
 * and another day has become the tab stop, the focus moves there.
 * Returns the function that stops it.
 */
export function followKeyboardDay(root: ShadowRoot): () => void {
  const observer = new MutationObserver(() => {
    const active = root.activeElement
    if (!(active instanceof HTMLElement) || !active.classList.contains(DAY) || active.tabIndex === 0) return
    const calendar = active.closest('.react-datepicker')
    if (calendar) focusCurrentDay(calendar)
  })
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] })
  return () => observer.disconnect()
}
