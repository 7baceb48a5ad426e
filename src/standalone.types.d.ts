/**
 * The types of `fees-calculator/standalone` (the build copies this file beside dist/fees-calculator.js). Importing
 * that module registers <fees-calculator> and exports nothing: a TypeScript host that imports it for its side effect
 * gets the element's type from `document.querySelector('fees-calculator')` / `createElement`, and its events' details
 * from `addEventListener`.
 */
import type { FeesCalculatorElement, FeesCalculatorEventMap } from './index.js'

declare global {
  interface HTMLElementTagNameMap {
    'fees-calculator': FeesCalculatorElement
  }
  interface GlobalEventHandlersEventMap extends FeesCalculatorEventMap {}
}
