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

/**
 * The least time after the calendar closes that a focus left nowhere is given back to the date button. The watch
 * ends at the second frame after it: react-datepicker's late blur is asked for on a frame, so a page whose frames
 * are held back (a loaded phone, a window the engine throttles) still has the watch when the blur comes.
 */
const FOCUS_WATCH_MS = 3_000

/**
 * Gives the focus back to the date button when the calendar closed with the
 * focus in it and left it nowhere. react-datepicker refocuses its input on a
 * timer and also blurs it on a later frame, in an order that differs by
 * engine (in WebKit the blur comes last and left a keyboard user with no
 * focus). So for a moment after the close, a focus that goes nowhere (not to
 * another control, not by a pointer) comes back to the button. Returns the
 * function that ends that watch early.
 */
export function returnFocus(root: Document | ShadowRoot, buttonId: string): () => void {
  const active = root.activeElement
  if (active && !active.closest('.react-datepicker') && active.id !== buttonId) return () => {}
  let watching = true
  // Nowhere: on the page's body (the shadow root, if any, then has no focus either).
  const refocus = () => {
    if (watching && (document.activeElement === null || document.activeElement === document.body))
      (root.getElementById(buttonId) as HTMLElement | null)?.focus({ preventScroll: true })
  }
  // Once the focus has gone where it goes: during a focusout the browser's own moves (Tab) still show it on the
  // body, so looking there and then would take it back from the next control.
  const onFocusOut = () => setTimeout(refocus)
  const frames: number[] = []
  const inTwoFrames = (task: () => void) => {
    frames.push(requestAnimationFrame(() => frames.push(requestAnimationFrame(task))))
  }
  const stop = () => {
    watching = false
    clearTimeout(timer)
    for (const frame of frames) cancelAnimationFrame(frame)
    root.removeEventListener('focusout', onFocusOut)
    document.removeEventListener('pointerdown', stop, true)
  }
  const timer = setTimeout(() => inTwoFrames(stop), FOCUS_WATCH_MS)
  root.addEventListener('focusout', onFocusOut)
  // A click elsewhere is the user's own choice of where the focus goes.
  document.addEventListener('pointerdown', stop, true)
  inTwoFrames(refocus)
  return stop
}
