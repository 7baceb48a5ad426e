// One calculator's working parts: its store, its words and its notices. The element (src/element.ts) and the React
// component (FeesCalculator.tsx) each make one and hand the store every property their host sets; the store's events
// go to the host through the `emit` each gives.
import type { I18n } from '@lingui/core'
import { DEFAULT_LANGUAGE, type Language, spokenLanguage } from '../domain/language.ts'
import type { Emit } from '../events.ts'
import { type CalculatorDeps, type CalculatorStore, createCalculatorStore } from '../store/calculator-store.ts'
import { messagesCheckChunk, scheduleChunk } from './chunks.ts'
import { loadFailureSentences } from './failure-words.ts'
import { createWidgetWords, type WidgetWords } from './i18n.ts'
import { createNoticeChannel, type NoticeChannel, showNotice } from './notices/index.ts'
import { saveBarChunk } from './parts/save-bar-chunk.ts'
import { REPLACEABLE_WORDS } from './replaceable-words.ts'

/** What one calculator keeps besides its store: its i18n instances, its notices. */
export interface Widget {
  store: CalculatorStore
  words: WidgetWords
  /** The language on screen (null until the first one's words have arrived), kept while another one's load. */
  shown: { current: Language | null; withPlan: boolean }
  notices: NoticeChannel
  /** Where the page's `lang` is read from: the element, or the node a React host renders the card in. */
  host: Element | null
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

/** The university's words (`messages`) checked against the card's names, by the check's own chunk. */
export const checkOwnWords = (value: unknown) =>
  messagesCheckChunk.load().then(({ checkedMessages }) => checkedMessages(value, REPLACEABLE_WORDS, spokenLanguage))

/**
 * A calculator for `host`; its plan waits for `store.attach()`, when the host puts it in the page. `storeOf` makes its
 * store from what the store needs of it: an empty one, or one that starts where a card rendered on the server is
 * (src/store/rendered.ts).
 */
export function createWidget(
  emit: Emit,
  host: Element | null = null,
  storeOf: (deps: CalculatorDeps) => CalculatorStore = createCalculatorStore,
): Widget {
  // The university's words on their way through their check (a lazy chunk): the card's words wait for them.
  let checking: Promise<unknown> | null = null
  const words = createWidgetWords(
    () => store.getState().config.messages,
    () => checking,
  )
  const notices = createNoticeChannel()
  const store = storeOf({
    emit,
    startsDetached: true,
    pageLanguage: () => langOf(widget.host),
    // The rules of SAVE come with its bar, the comparison's with its view, in the schedule's chunk.
    savingRules: () => saveBarChunk.load().then((bar) => bar.savingRules),
    comparisonRules: () => scheduleChunk.load().then((schedule) => schedule.comparisonRules),
    checkMessages(value) {
      const check = checkOwnWords(value)
      checking = check
      const done = () => {
        if (checking === check) checking = null
      }
      check.then(done, done)
      return check
    },
    // In the card's language: a notice raised before its words have arrived waits for them (Spanish if they
    // cannot be fetched), as the card itself does. A SAVE's notice waits for the failure sentences too, which word
    // it (the general sentence if they cannot be fetched: that failure is reported as every chunk's is).
    notify: (notice) => {
      words
        .load(store.getState().language)
        .catch(() => words.of(DEFAULT_LANGUAGE) as I18n)
        .then(async (i18n) => {
          if (notice.kind === 'save_failed')
            await loadFailureSentences(i18n.locale as Language).catch(store.getState().reportChunkFailure)
          showNotice(notices, i18n, notice)
        })
    },
  })
  const widget: Widget = { store, words, shown: { current: null, withPlan: false }, notices, host }
  return widget
}
