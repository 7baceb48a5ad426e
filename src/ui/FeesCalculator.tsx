import type { I18n } from '@lingui/core'
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import { DEFAULT_LANGUAGE, type Language } from '../domain/language.ts'
import type { ELEMENT_PROPS, ElementPropName, PropKind } from '../domain/props.ts'
import { parseTuitionJson } from '../domain/tuition.ts'
import type { TuitionInput } from '../domain/types.ts'
import type {
  CalculationResultReceivedDetail,
  Emit,
  FeeOptionSelectedDetail,
  InvalidTuitionDetail,
  RenderFailure,
} from '../events.ts'
import { type CalculatorStore, createCalculatorStore } from '../store/calculator-store.ts'
import { CalculatorView } from './CalculatorView.tsx'
import { CalculatorContext, type CalculatorContextValue } from './context.ts'
import { createWidgetWords, LanguageProvider, type WidgetWords } from './i18n.ts'
import {
  createNoticeChannel,
  NOTICE_STYLES,
  type NoticeChannel,
  NoticeToaster,
  type NoticeToasterProps,
  showNotice,
} from './notices/index.ts'
import { RenderBoundary } from './RenderBoundary.tsx'
import { adoptStyles, styleRootOf } from './styles/adopt.ts'
import cardCss from './styles/card.css?inline'
import figuresCss from './styles/figures.css?inline'
import hostCss from './styles/host.css?inline'
import planCss from './styles/plan.css?inline'
import { useLanguagePiece } from './useChunk.ts'

/** Everything a first render needs; the calendar, the schedule and the toasts bring their own CSS with their chunks. */
const BASE_STYLES = [hostCss, cardCss, planCss, figuresCss, ...NOTICE_STYLES]

/** A property's value as the component takes it, by its kind in the element's table. */
type ComponentValue<K extends PropKind> = K extends 'flag'
  ? boolean
  : K extends 'tuition'
    ? TuitionInput | string | null
    : string | null

/**
 * The component's props: the element's properties (src/domain/props.ts says
 * what each means; flags default to true) and the three callbacks that the
 * element turns into its events.
 */
export type FeesCalculatorProps = {
  [P in ElementPropName]?: ComponentValue<(typeof ELEMENT_PROPS)[P]['kind']>
} & FeesCalculatorCallbacks

interface FeesCalculatorCallbacks {
  onCalculationResultReceived?: (detail: CalculationResultReceivedDetail) => void
  onInvalidTuition?: (detail: InvalidTuitionDetail) => void
  onFeeOptionSelected?: (detail: FeeOptionSelectedDetail) => void
}

const noSubscription = () => () => {}

/**
 * What one widget keeps between renders: its store, its i18n instances, its
 * notices and the callbacks of the moment. The element creates it before
 * React's first render, so that the first calculation leaves at once.
 */
export interface Widget {
  store: CalculatorStore
  words: WidgetWords
  /** The language on screen (null until the first one's words have arrived), kept while another one's load. */
  shown: { current: Language | null; withPlan: boolean }
  notices: NoticeChannel
  /** The props whose callbacks the store's events go to; the component keeps them current. */
  callbacks: { current: FeesCalculatorProps }
}

export function createWidget(props: FeesCalculatorProps): Widget {
  const callbacks = { current: props }
  const words = createWidgetWords()
  const shown: Widget['shown'] = { current: null, withPlan: false }
  const notices = createNoticeChannel()
  const emit: Emit = (name, detail) => {
    const p = callbacks.current
    if (name === 'calculationResultReceivedEvent')
      p.onCalculationResultReceived?.(detail as CalculationResultReceivedDetail)
    else if (name === 'invalidTuitionEvent') p.onInvalidTuition?.(detail as InvalidTuitionDetail)
    else p.onFeeOptionSelected?.(detail as FeeOptionSelectedDetail)
  }
  const store = createCalculatorStore(
    {
      emit,
      // In the card's language: a notice raised before its words have arrived waits for them (Spanish if they
      // cannot be fetched), as the card itself does.
      notify: (notice) => {
        const { language } = store.getState()
        words.load(language).then(
          (i18n) => showNotice(notices, i18n, notice),
          () => showNotice(notices, words.of(DEFAULT_LANGUAGE) as I18n, notice),
        )
      },
    },
    { apiBase: props.apiBase ?? null, apiKey: props.apiKey ?? null },
  )
  return { store, words, shown, notices, callbacks }
}

/**
 * The fees calculator as a React component. Each mounted instance has its own
 * store, i18n instance and toaster, so several on one page never share
 * figures, language, toasts or events.
 *
 * Rendered on a server (renderToString in plain Node) it is a stable, empty
 * placeholder: the calculator needs the browser (its requests, the page's
 * styles, the user's language). Hydrating that markup renders the same
 * placeholder first, so React sees no mismatch, then the calculator; a plain
 * client render draws the calculator at once.
 */
export function FeesCalculator(props: FeesCalculatorProps & { widget?: Widget | null }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!inBrowser) return <div className="fc" part="base" data-state="placeholder" aria-busy="true" />
  return <CalculatorInstance {...props} />
}

function CalculatorInstance({ widget: given, ...props }: FeesCalculatorProps & { widget?: Widget | null }) {
  const [widget] = useState(() => given ?? createWidget(props))
  widget.callbacks.current = props
  const { store, words, notices } = widget
  const callbacks = widget.callbacks

  useLayoutEffect(() => {
    store.getState().configure({ apiBase: props.apiBase ?? null, apiKey: props.apiKey ?? null })
  }, [store, props.apiBase, props.apiKey])

  const { tuitionInput, versionHashCode } = props
  // Before paint: the first frame the user sees is already in the input's language.
  useLayoutEffect(() => {
    if (versionHashCode) {
      store.getState().loadByHash(versionHashCode)
      return
    }
    if (typeof tuitionInput === 'string') {
      const check = parseTuitionJson(tuitionInput)
      if (check.ok) store.getState().setTuitionInput(check.value)
      else callbacks.current.onInvalidTuition?.(check.error)
    } else {
      store.getState().setTuitionInput(tuitionInput ?? null)
    }
  }, [store, callbacks, tuitionInput, versionHashCode])

  const { reportChunkFailure } = store.getState()
  const language = useShownLanguage(widget, reportChunkFailure)
  // Spanish's words are always on hand; before the first language's arrive, the card is an empty busy box.
  const i18n =
    words.of(language ?? DEFAULT_LANGUAGE) ?? (words.of(DEFAULT_LANGUAGE) as NonNullable<ReturnType<WidgetWords['of']>>)

  // Styles go to the root node the widget renders in: the element's shadow root, or the page for a React host.
  const base = useRef<HTMLDivElement>(null)
  const [styleRoot, setStyleRoot] = useState<ShadowRoot | Document | null>(null)
  useLayoutEffect(() => {
    const root = base.current && styleRootOf(base.current)
    if (!root) return
    adoptStyles(root, BASE_STYLES)
    setStyleRoot(root)
  }, [])
  const shadowRoot = styleRoot instanceof ShadowRoot ? styleRoot : null

  const context = useMemo<CalculatorContextValue>(
    () => ({ store, shadowRoot, reportChunkFailure, language: language ?? DEFAULT_LANGUAGE }),
    [store, shadowRoot, reportChunkFailure, language],
  )
  const state = useStore(store, (s) => (s.result === null ? 'empty' : s.versionLocked ? 'locked' : 'loaded'))
  // React itself writes the error to the console once (its root's onCaughtError); the host hears of it here.
  const onRenderFailure = useCallback(
    (failure: RenderFailure) => callbacks.current.onInvalidTuition?.(failure),
    [callbacks],
  )

  return (
    <LanguageProvider i18n={i18n}>
      <CalculatorContext.Provider value={context}>
        <div
          className="fc"
          part="base"
          lang={language ?? DEFAULT_LANGUAGE}
          data-color-scheme={props.colorScheme ?? undefined}
          data-state={language ? state : 'placeholder'}
          aria-busy={language ? undefined : true}
          ref={base}
        >
          {language && (
            <RenderBoundary onFailure={onRenderFailure}>
              <CalculatorView showHeader={props.showHeader ?? true} showFooter={props.showFooter ?? true} />
            </RenderBoundary>
          )}
          <WidgetToaster store={store} channel={notices} styleRoot={styleRoot} onChunkFailure={reportChunkFailure} />
        </div>
      </CalculatorContext.Provider>
    </LanguageProvider>
  )
}

/**
 * The language the card speaks: the input's as soon as its words are on hand (Spanish's always are; another
 * language's chunk is fetched the first time it is asked for, alongside the first calculation). While they are on
 * their way a card with a plan keeps the language it showed, so that a switch changes every word at once; an empty
 * card is an empty busy box. Words that cannot be fetched are reported as a failed chunk, and the card speaks Spanish.
 */
function useShownLanguage(widget: Widget, reportChunkFailure: (error: unknown) => void): Language | null {
  const { store, words, shown } = widget
  const wanted = useStore(store, (s) => s.language)
  const ready = words.of(wanted) !== undefined
  const unreachable = useLanguagePiece(wanted, ready, words.load, reportChunkFailure)
  // A plan that was on screen keeps its language until the new words are here. A card that had none waits as a busy
  // box: a React host's first render comes before its input, and a saved plan opened by its hash brings its language
  // with its figures; either would otherwise show in Spanish until the words arrived.
  const onScreen = useStore(store, (s) => s.result !== null)
  const language = ready ? wanted : unreachable ? DEFAULT_LANGUAGE : shown.withPlan ? shown.current : null
  useLayoutEffect(() => {
    shown.current = language
    shown.withPlan = language !== null && onScreen
  }, [shown, language, onScreen])
  return language
}

/** The toaster, told when a calculation is on its way; only it re-renders when that changes, not the screen. */
function WidgetToaster({ store, ...props }: Omit<NoticeToasterProps, 'busy'> & { store: CalculatorStore }) {
  const busy = useStore(store, (s) => s.calculating)
  return <NoticeToaster {...props} busy={busy} />
}
