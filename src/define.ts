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

declare global {
  interface HTMLElementTagNameMap {
    'fees-calculator': FeesCalculatorElement
  }
  interface GlobalEventHandlersEventMap extends FeesCalculatorEventMap {}
}
