import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import type { Language } from '../domain/language.ts'
import type { CalculatorActions, CalculatorState, CalculatorStore } from '../store/calculator-store.ts'
import type { WidgetWords } from './i18n.ts'

export interface CalculatorContextValue {
  store: CalculatorStore
  /** The shadow root the element renders into (the calendar's portal goes there); null in a plain page. */
  shadowRoot: ShadowRoot | null
  /** A lazy chunk failed to load: say so on the console and in a toast. */
  reportChunkFailure(error: unknown): void
  /**
   * The language on screen: the input's once its words have arrived (until then the one shown before, so that a
   * switch changes every word and format at once). Parts read it here, not from the store.
   */
  language: Language
  /** The widget's words: a part with words of its own says so while it is shown (a switch waits for them). */
  words: WidgetWords
}

export const CalculatorContext = createContext<CalculatorContextValue | null>(null)

export function useCalculatorContext(): CalculatorContextValue {
  const value = useContext(CalculatorContext)
  if (!value) throw new Error('fees-calculator: a screen part was rendered outside <FeesCalculator>')
  return value
}

/** Reads a slice of this instance's state; the part re-renders only when that slice changes. */
export function useCalculator<T>(selector: (state: CalculatorState & CalculatorActions) => T): T {
  return useStore(useCalculatorContext().store, selector)
}

/** The language the card speaks now (its words, formats, calendar and files). */
export function useLanguage(): Language {
  return useCalculatorContext().language
}

/** The actions of this instance's store (created once, so stable across renders). */
export function useActions(): CalculatorActions {
  return useCalculatorContext().store.getState()
}
