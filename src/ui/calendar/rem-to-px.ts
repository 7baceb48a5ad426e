/**
 * react-datepicker's sizes are in rem, which follow the page's root font size: pinned to px, the page cannot
 * scale the calendar. Only the calendar's chunk needs it, so it lives there, not in the first render.
 */
export function remToPx(css: string, rootFontSizePx = 16): string {
  return css.replace(
    /(-?\d*\.?\d+)rem\b/g,
    (_, value: string) => `${Number((Number(value) * rootFontSizePx).toFixed(3))}px`,
  )
}
