/** Space kept between the calendar and the edge of the screen. */
const VIEWPORT_PADDING_PX = 8

/** The part of floating-ui's middleware state this one reads (react-datepicker bundles floating-ui). */
interface FloatingState {
  x: number
  rects: { reference: { x: number }; floating: { width: number } }
  elements: { reference: Element | { getBoundingClientRect(): DOMRect } }
}

/**
 * A floating-ui middleware that slides the calendar sideways so it stays on a
 * narrow screen: at 320 px a calendar opened below a field near the right
 * edge would otherwise be cut off.
 */
export const keepInViewport = {
  name: 'feesCalculatorKeepInViewport',
  fn(state: FloatingState) {
    const { x, rects, elements } = state
    const viewportWidth = document.documentElement.clientWidth
    const referenceLeft = elements.reference.getBoundingClientRect().left
    const left = referenceLeft + (x - rects.reference.x)
    const overflowRight = left + rects.floating.width - (viewportWidth - VIEWPORT_PADDING_PX)
    let shift = overflowRight > 0 ? -overflowRight : 0
    if (left + shift < VIEWPORT_PADDING_PX) shift = VIEWPORT_PADDING_PX - left
    return { x: x + shift }
  },
}
