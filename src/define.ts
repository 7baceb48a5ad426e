import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { ELEMENT_PROPS, ElementPropName, PropKind } from './domain/props.ts'
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

type Row<P extends ElementPropName> = (typeof ELEMENT_PROPS)[P]
type JsxAttributeValue<K extends PropKind> = K extends 'flag'
  ? boolean | 'true' | 'false'
  : K extends 'boolean'
    ? boolean | ''
    : string
type JsxPropertyValue<P extends ElementPropName, K extends PropKind> = K extends 'flag' | 'boolean'
  ? boolean
  : K extends 'tuition' | 'messages' | 'lender'
    ? FeesCalculatorElement[P]
    : string | null

/** What a React host may write on `<fees-calculator>`: the attributes, or (React 19) the properties. */
export type FeesCalculatorJsxProps = DetailedHTMLProps<HTMLAttributes<FeesCalculatorElement>, FeesCalculatorElement> & {
  [P in ElementPropName as Row<P>['attribute']]?: JsxAttributeValue<Row<P>['kind']>
} & { [P in ElementPropName]?: JsxPropertyValue<P, Row<P>['kind']> }

declare global {
  interface HTMLElementTagNameMap {
    'fees-calculator': FeesCalculatorElement
  }
  interface GlobalEventHandlersEventMap extends FeesCalculatorEventMap {}
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'fees-calculator': FeesCalculatorJsxProps
    }
  }
}
