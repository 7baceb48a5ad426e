// The element's HTML as the server writes it: the opening tag with its attributes, the declarative shadow root with
// what the server rendered into it (src/ui/rendered-card.ts), the closing tag. Every value is escaped here.
import { RENDERED_MARK } from '../ui/rendered-card.ts'

const ENTITIES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' }

/** Text in a double-quoted attribute, or between tags. */
export const escapeHtml = (text: string) => text.replace(/[&"<>]/g, (character) => ENTITIES[character] as string)

/**
 * JSON as the text of a `<script type="application/json">`: every `<` written as `\u003c`, so that no `</script>`
 * or `<!--` in a value can end the script or change how it is parsed. JSON.parse reads it back unchanged.
 */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** An attribute name HTML reads as one (the host's own attributes are checked against it). */
export const ATTRIBUTE_NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*$/

/** An attribute: `name="value"`, or the bare name for true. */
const attribute = ([name, value]: [string, string | true]) => (value === true ? name : `${name}="${escapeHtml(value)}"`)

/** What the server rendered into the shadow root: the card's styles, the props it was rendered from, the card. */
export interface RenderedShadow {
  css: string
  props: unknown
  card: string
}

/**
 * `<tag …attributes>`, then the declarative shadow root when there is one (until the element takes the card over,
 * its container is a disabled fieldset, busy), then `</tag>`.
 */
export function elementHtml(tag: string, attributes: [string, string | true][], shadow: RenderedShadow | null): string {
  const open = `<${[tag, ...attributes.map(attribute)].join(' ')}>`
  if (!shadow) return `${open}</${tag}>`
  return (
    `${open}<template shadowrootmode="open">` +
    `<style ${RENDERED_MARK}>${shadow.css}</style>` +
    `<script type="application/json" ${RENDERED_MARK}>${scriptJson(shadow.props)}</script>` +
    `<fieldset ${RENDERED_MARK} disabled aria-busy="true">${shadow.card}</fieldset>` +
    `</template></${tag}>`
  )
}
