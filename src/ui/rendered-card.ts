// What the server puts in the element's shadow root beside the card, each marked with RENDERED_MARK: the card's
// styles inline (a <style>), the props it was rendered from (a JSON <script>, src/store/rendered.ts) and the
// container the card is in (a disabled <fieldset>, src/ui/styles/rendered.css). The element that finds the container
// takes the card over (src/element/hydrate.tsx) rather than rendering it anew.

/** The attribute that marks what the server rendered into the shadow root. */
export const RENDERED_MARK = 'data-fc-rendered'

/** The container of a card rendered on the server, in the element's shadow root. */
export const RENDERED_CARD = `fieldset[${RENDERED_MARK}]`
