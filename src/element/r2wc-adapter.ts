import r2wc from '@r2wc/react-to-web-component'
import { type ComponentType, startTransition } from 'react'

/**
 * What we add around r2wc, in one place. r2wc gives us a custom element that
 * attaches a shadow root, renders a React component into it with
 * `{ container }` as its props, mounts on connect and unmounts on disconnect.
 * We rely on exactly that (src/element/r2wc-adapter.test.ts pins it, so a new
 * r2wc version that changes it fails loudly) and add:
 *
 * - a shadow root with our own init (e.g. `delegatesFocus`), since r2wc only
 *   passes the mode; a declarative one the page's HTML gave the element (a card
 *   rendered on a server) is kept as it is, where r2wc's `attachShadow` would
 *   empty it;
 * - a first render the element may take over: `renderTree` renders as r2wc
 *   does, and the element, finding a card a server rendered in the root it kept,
 *   hydrates that card instead (src/element/hydrate.tsx);
 * - a first render that may yield: when `slicedFirstRender` says so (a
 *   calculation is already on its way), it is rendered as a transition, in
 *   slices, so that the answer, arriving meanwhile, is read between them and
 *   the first commit already shows its figures, rather than after the render
 *   and the first paint. Without one it renders in one go, which is quicker;
 * - a deferred unmount: a host that moves the element (removes it and inserts
 *   it elsewhere, in the same task or a few frames later) keeps its React tree,
 *   and with it the plan, the lock, the version and the schedule, and sends no
 *   request. An element that stays out of the document for RELEASE_DELAY_MS is
 *   unmounted, which releases its React root, store and listeners.
 *
 * The element's properties do not go through r2wc: the component reads them
 * from the element itself (see src/element.ts), so no r2wc internals are used.
 */

/** How long a disconnected element keeps its React tree, waiting to be inserted again. */
export const RELEASE_DELAY_MS = 250

/** The lifecycle r2wc's element class implements. */
interface R2wcElement extends HTMLElement {
  connectedCallback(): void
  disconnectedCallback(): void
}

export type ReactElementBase = new () => HTMLElement & {
  connectedCallback(): void
  disconnectedCallback(): void
  /** True from the first connect until the tree is released: a connect then is a move. */
  readonly hasReactTree: boolean
  /** Called once the tree of an element removed for good has been unmounted. */
  released(): void
  /** Asked on a first connect: render the first time in slices (see above). */
  slicedFirstRender(): boolean
  /** On a first connect: renders the component into the shadow root, as r2wc does. */
  renderTree(): void
}

/**
 * A custom element base class that renders `component` in a shadow root made
 * with `shadow`. Where there is no DOM (server rendering, plain Node) it is an
 * inert class, so that importing the package never throws.
 */
export function reactElementBase(
  component: ComponentType<{ container: ShadowRoot }>,
  shadow: ShadowRootInit,
): ReactElementBase {
  if (typeof HTMLElement === 'undefined') return class {} as unknown as ReactElementBase
  const R2wc = r2wc(component as ComponentType<object>, { shadow: shadow.mode }) as unknown as new () => R2wcElement

  return class ReactElement extends R2wc {
    #release: ReturnType<typeof setTimeout> | undefined
    #mounted = false

    get hasReactTree(): boolean {
      return this.#mounted
    }

    released(): void {}

    slicedFirstRender(): boolean {
      return false
    }

    renderTree(): void {
      if (this.slicedFirstRender()) startTransition(() => super.connectedCallback())
      else super.connectedCallback()
    }

    // r2wc calls this from its constructor with the mode only.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow({ ...init, ...shadow })
    }

    override connectedCallback(): void {
      if (this.#release !== undefined) {
        // Moved: the React tree is still mounted and r2wc still counts the element as connected.
        clearTimeout(this.#release)
        this.#release = undefined
        return
      }
      this.#mounted = true
      this.renderTree()
    }

    override disconnectedCallback(): void {
      if (this.#release !== undefined) return
      this.#release = setTimeout(() => {
        this.#release = undefined
        if (this.isConnected) return
        this.#mounted = false
        super.disconnectedCallback()
        this.released()
      }, RELEASE_DELAY_MS)
    }
  }
}
