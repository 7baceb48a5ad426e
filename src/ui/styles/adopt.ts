/**
 * Gives CSS to a shadow root (or a document) as constructable stylesheets:
 * they are not inline <style> elements, so a page whose CSP forbids inline
 * styles (`style-src 'self'`) still styles the widget. One sheet per CSS text
 * is shared by every instance on the page. Where the browser lacks them
 * (old engines, happy-dom) a <style> element is the fallback.
 */

type StyleRoot = ShadowRoot | Document

const sheets = new Map<string, CSSStyleSheet>()
const fallbackDone = new WeakMap<StyleRoot, Set<string>>()

function supportsAdoptedSheets(root: StyleRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof (CSSStyleSheet.prototype as Partial<CSSStyleSheet>).replaceSync === 'function'
  )
}

function sheetOf(css: string): CSSStyleSheet {
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    sheets.set(css, sheet)
  }
  return sheet
}

/** Adds each CSS text to the root once, after what it already has (later texts win ties). */
export function adoptStyles(root: StyleRoot, cssTexts: readonly string[]): void {
  if (supportsAdoptedSheets(root)) {
    const adopted = root.adoptedStyleSheets
    const missing = cssTexts.map(sheetOf).filter((sheet) => !adopted.includes(sheet))
    if (missing.length > 0) root.adoptedStyleSheets = [...adopted, ...missing]
    return
  }
  let done = fallbackDone.get(root)
  if (!done) {
    done = new Set()
    fallbackDone.set(root, done)
  }
  const doc = root instanceof Document ? root : root.ownerDocument
  const parent = root instanceof Document ? root.head : root
  for (const css of cssTexts) {
    if (done.has(css)) continue
    done.add(css)
    const style = doc.createElement('style')
    style.textContent = css
    parent.append(style)
  }
}

/** The shadow root or document a rendered node lives in, if it can take stylesheets. */
export function styleRootOf(node: Node): StyleRoot | null {
  const root = node.getRootNode()
  if (root instanceof Document) return root
  if (typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot) return root
  return null
}
