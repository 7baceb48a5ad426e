import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import { FeesCalculatorElement } from './element.ts'
import type { FeesCalculatorEventMap } from './events.ts'

/**
 * Registers the element. Safe to call twice (two script tags, or the npm
 * package next to the standalone build): an existing definition is kept.
 * A tag name other than the default gets its own subclass, since one
 * constructor cannot be registered under two names.
 */
export function defineFeesCalculator(tagName = 'fees-calculator'): CustomElementConstructor {
  const existing = customElements.get(tagName)
  if (existing) return existing
  const ctor = tagName === 'fees-calculator' ? FeesCalculatorElement : class extends FeesCalculatorElement {}
  customElements.define(tagName, ctor)
  return ctor
}

/** What a React host may write on `<fees-calculator>`: the attributes, or (React 19) the properties. */
export type FeesCalculatorJsxProps = DetailedHTMLProps<HTMLAttributes<FeesCalculatorElement>, FeesCalculatorElement> & {
  'tuition-input'?: string
  'version-hash-code'?: string
  'show-header'?: boolean | 'true' | 'false'
  'show-footer'?: boolean | 'true' | 'false'
  'api-base'?: string
  'api-key'?: string
  tuitionInput?: FeesCalculatorElement['tuitionInput']
  versionHashCode?: string | null
  showHeader?: boolean
  showFooter?: boolean
  apiBase?: string | null
  apiKey?: string | null
}

declare global {
  interface HTMLElementTagNameMap {
    'fees-calculator': FeesCalculatorElement
  }
  interface GlobalEventHandlersEventMap extends FeesCalculatorEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'fees-calculator': FeesCalculatorJsxProps
    }
  }
}
