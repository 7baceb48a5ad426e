import { useLayoutEffect } from 'react'
import { BASE_STYLES, type Widget, WidgetView } from './FeesCalculator.tsx'
import renderedCss from './styles/rendered.css?inline'

/** The styles of a card rendered on the server: the card's own, and its container's (src/ui/styles/rendered.css). */
export const RENDERED_STYLES = [...BASE_STYLES, renderedCss]

/**
 * A card rendered on the server: one tree for the server that renders it and the element that takes it over, so
 * that the element's React finds the server's nodes where it would draw its own (the ids useId gives follow the tree).
 * `onTakenOver` runs once the element has taken the card over, after the card has adopted its styles.
 */
export function RenderedView({ widget, onTakenOver }: { widget: Widget; onTakenOver?: () => void }) {
  useLayoutEffect(() => onTakenOver?.(), [onTakenOver])
  return <WidgetView widget={widget} />
}
