// The element takes over a card the server rendered into its declarative shadow root (a lazy chunk, src/element/
// chunk.ts: only a page with such a card fetches it). Its store starts at the state the server rendered, folded from
// the same props (src/store/rendered.ts); React hydrates the server's nodes in place rather than drawing new ones; the
// card's inline style gives way to the adopted sheets in the same frame; the host then hears of the figures, as it
// would of a calculation's. No request leaves for figures the card already shows.
import { startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { dispatchFeesEvent } from '../events.ts'
import { HOST_ORDER } from '../store/flow.ts'
import { type RenderedCard, renderedStep, renderedStore } from '../store/rendered.ts'
import { RenderedView } from '../ui/RenderedView.tsx'
import { RENDERED_CARD, RENDERED_MARK } from '../ui/rendered-card.ts'
import { adoptStyles } from '../ui/styles/adopt.ts'
import renderedCss from '../ui/styles/rendered.css?inline'
import { checkOwnWords, createWidget, type Widget } from '../ui/widget.ts'

/**
 * Takes over the card the server rendered into `element`'s shadow root (its container, RENDERED_CARD): a widget that
 * starts where the server's did, given to the element by `replace` once its language's words are here, then
 * everything the host gave the element meanwhile (`before`'s: its token, a new input, a restored form state), then
 * React's hydration. Resolves with the React root, or null when the card left the shadow root meanwhile (the element
 * was released). Rejects when the card cannot be taken over (none there, its props unreadable, its words
 * unreachable): the element then starts as it does without a server.
 */
export async function takeOver(
  element: HTMLElement,
  before: Widget,
  replace: (widget: Widget) => void,
): Promise<Root | null> {
  const shadowRoot = element.shadowRoot as ShadowRoot
  const card = shadowRoot.querySelector<HTMLFieldSetElement>(RENDERED_CARD)
  if (!card) throw new Error('no card rendered on a server in the shadow root')
  const rendered = [...shadowRoot.children].filter((node) => node !== card && node.hasAttribute(RENDERED_MARK))
  const script = rendered.find((node) => node.localName === 'script')
  const props = JSON.parse(script?.textContent ?? '') as RenderedCard
  const messages = props.given.messages === undefined ? undefined : await checkOwnWords(props.given.messages)
  const step = renderedStep(props, messages)
  let start = () => {}
  const widget = createWidget(
    (name, detail) => dispatchFeesEvent(element, name, detail),
    element,
    (deps) => {
      const made = renderedStore(deps, step)
      start = made.start
      return made.store
    },
  )
  // Another language's words before the first render: hydrated in Spanish, the card would not be the server's.
  await widget.words.load(step.state.language)
  if (!card.parentNode) return null
  replace(widget)
  const { setProperty, restore } = widget.store.getState()
  const given = before.store.getState()
  for (const prop of HOST_ORDER) if (Object.hasOwn(given.given, prop)) setProperty(prop, given.given[prop])
  if (given.restoreOnAttach) restore(given.restoreOnAttach)
  const takenOver = () => {
    // The card's sheets are adopted by now (its own layout effect ran first): the inline style can go, in this frame.
    adoptStyles(shadowRoot, [renderedCss])
    for (const node of rendered) node.remove()
    card.disabled = false
    card.removeAttribute('aria-busy')
    start()
  }
  // In slices (a transition): a phone's slow CPU keeps answering the student between them, as the first render does.
  let root: Root | null = null
  startTransition(() => {
    root = hydrateRoot(card, <RenderedView widget={widget} onTakenOver={takenOver} />)
  })
  return root
}
