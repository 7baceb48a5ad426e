// One calculator's working parts, and the one path from what its host sets to its store. The element
// (src/element.ts) and the React component (FeesCalculator.tsx, through useWidget) both make their widget here and
// hand every attribute or property to hostSet; the store's events go to the host through the `emit` each gives.
import type { I18n } from '@lingui/core'
import { DEFAULT_LANGUAGE, type Language, spokenLanguage } from '../domain/language.ts'
import { ELEMENT_PROPS, type ElementPropName, type PropRow } from '../domain/props.ts'
import type { Emit } from '../events.ts'
import { type CalculatorConfig, type CalculatorStore, createCalculatorStore } from '../store/calculator-store.ts'
import { ownWordsChunk, scheduleChunk } from './chunks.ts'
import { createWidgetWords, type WidgetWords } from './i18n.ts'
import { createNoticeChannel, type NoticeChannel, showNotice } from './notices/index.ts'
import { OWN_WORDS } from './own-words.ts'

/** What one calculator keeps besides its store: its i18n instances, its notices, what its host gave. */
export interface Widget {
  store: CalculatorStore
  words: WidgetWords
  /** The language on screen (null until the first one's words have arrived), kept while another one's load. */
  shown: { current: Language | null; withPlan: boolean }
  notices: NoticeChannel
  /** What the host gave last, by property: only a change goes on to the store. */
  given: Partial<Record<ElementPropName, unknown>>
  /** Where the page's `lang` is read from: the element, or the node a React host renders the card in. */
  host: Element | null
  /** The host's `messages` on their way through their check (a lazy chunk): the card's words wait for them. */
  ownWords: Promise<void> | null
}

/**
 * `lang` as the platform resolves it for `element`: its own, else its closest ancestor's, across shadow roots up to
 * the document's `<html lang>`; null when none says one.
 */
export function langOf(element: Element | null): string | null {
  while (element) {
    const marked = element.closest('[lang]')
    if (marked) return marked.getAttribute('lang')
    const root = element.getRootNode()
    element = root instanceof ShadowRoot ? root.host : null
  }
  return null
}

export function createWidget(emit: Emit, host: Element | null = null): Widget {
  const words = createWidgetWords(
    () => store.getState().config.messages,
    () => widget.ownWords,
  )
  const notices = createNoticeChannel()
  const store = createCalculatorStore({
    emit,
    pageLanguage: () => langOf(widget.host),
    // The comparison's calls come with its view, in the schedule's chunk.
    comparisonCalls: () => scheduleChunk.load().then((schedule) => schedule.comparisonCalls),
    // In the card's language: a notice raised before its words have arrived waits for them (Spanish if they
    // cannot be fetched), as the card itself does.
    notify: (notice) => {
      words.load(store.getState().language).then(
        (i18n) => showNotice(notices, i18n, notice),
        () => showNotice(notices, words.of(DEFAULT_LANGUAGE) as I18n, notice),
      )
    },
  })
  const widget: Widget = {
    store,
    words,
    shown: { current: null, withPlan: false },
    notices,
    given: {},
    host,
    ownWords: null,
  }
  return widget
}

/**
 * `show-header` and `show-footer`: absent means the default (true); present
 * with no value or any value but false/0/no/off means true.
 */
export function parseBooleanAttribute(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  return !/^(false|0|no|off)$/i.test(String(value).trim())
}

/** A text property: empty is absent. */
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/**
 * A property the host set (as an attribute's text or as a property's value) on its way to the store: the
 * configuration, the saved version to open, or the tuition input, which the store reads once. Returns false when
 * the store refused the tuition input (the one in force stays).
 */
export function hostSet(widget: Widget, prop: ElementPropName, value: unknown): boolean {
  const { given, store } = widget
  // The same value again is nothing new; the tuition input goes on all the same, for the store knows better (by its
  // text, a refused one too): an input cleared while none was in force still makes a refused one new again.
  if (prop !== 'tuitionInput' && Object.hasOwn(given, prop) && Object.is(given[prop], value)) return true
  const previous = given[prop]
  given[prop] = value
  const state = store.getState()
  const row: PropRow = ELEMENT_PROPS[prop]
  if (row.kind === 'flag') state.configure({ [prop]: parseBooleanAttribute(value, row.default !== 'false') })
  else if (prop === 'disabled') state.configure({ disabled: value != null && value !== false })
  else if (prop === 'apiBase' || prop === 'apiKey' || prop === 'colorScheme') state.configure({ [prop]: textOf(value) })
  // A number of days may come as a number from a property.
  else if (prop === 'reminderDays') state.configure({ reminderDays: value == null ? null : String(value) })
  else if (prop === 'messages') setOwnWords(widget, value)
  else if (prop === 'lender') state.configure({ lender: (value as CalculatorConfig['lender'] | undefined) ?? null })
  else if (!row.form) {
    // A saved version's hash wins over the input; without one, the input is the plan.
    const hash = textOf(given.versionHashCode)
    if (hash) {
      if (prop === 'versionHashCode') state.loadByHash(hash)
    } else if (!state.setTuitionInput(given.tuitionInput)) {
      // Refused: the input in force stays the one a reset brings back.
      given[prop] = previous
      return false
    }
  }
  return true
}

/**
 * The university's words: none (or empty text) at once; any others once their check has arrived, if the host has not
 * given others meanwhile. A check that cannot be fetched is reported as a failed chunk, and the card speaks its own.
 */
function setOwnWords(widget: Widget, value: unknown): void {
  const { store } = widget
  if (value == null || (typeof value === 'string' && !value.trim())) {
    widget.ownWords = null
    store.getState().configure({ messages: null })
    return
  }
  const pending: Promise<void> = ownWordsChunk.load().then(
    ({ ownMessages }) => {
      if (widget.ownWords === pending) widget.ownWords = null
      if (Object.is(widget.given.messages, value))
        store.getState().configure({ messages: ownMessages(value, OWN_WORDS, spokenLanguage) })
    },
    (error: unknown) => {
      if (widget.ownWords === pending) widget.ownWords = null
      store.getState().reportChunkFailure(error)
    },
  )
  widget.ownWords = pending
}

/** Where the calls go and what the card shows come before the plan: the first call leaves with all of them. */
const ORDER: readonly ElementPropName[] = [
  'apiBase',
  'apiKey',
  'showHeader',
  'showFooter',
  'reminderDays',
  'colorScheme',
  'messages',
  'lender',
  'disabled',
  'versionHashCode',
  'tuitionInput',
]

/** Every property the host gave, in that order (a widget just made, or every render of a React host). */
export function hostSetAll(widget: Widget, values: Partial<Record<ElementPropName, unknown>>): void {
  for (const prop of ORDER) if (Object.hasOwn(values, prop)) hostSet(widget, prop, values[prop])
}

/** The widget is done with (its element removed for good, its component unmounted): its calls are dropped. */
export function releaseWidget(widget: Widget): void {
  widget.store.getState().clear()
  widget.given = {}
}
