import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import { DEFAULT_LANGUAGE, type Language } from '../domain/language.ts'
import type { Lender } from '../domain/lender.ts'
import type { ELEMENT_PROPS, ElementPropName, PropKind } from '../domain/props.ts'
import type { TuitionInput } from '../domain/types.ts'
import { EVENT_CALLBACKS, type FeesCalculatorEventDetail, type FeesCalculatorEventName } from '../events.ts'
import type { CalculatorStore } from '../store/calculator-store.ts'
import { HOST_ORDER } from '../store/flow.ts'
import { CalculatorView } from './CalculatorView.tsx'
import { CalculatorContext, type CalculatorContextValue } from './context.ts'
import { LanguageProvider, type WidgetWords } from './i18n.ts'
import { NOTICE_STYLES, NoticeToaster, type NoticeToasterProps } from './notices/index.ts'
import { RenderBoundary } from './RenderBoundary.tsx'
import type { FeesCalculatorMessages } from './replaceable-words.ts'
import { adoptStyles, styleRootOf } from './styles/adopt.ts'
import cardCss from './styles/card.css?inline'
import figuresCss from './styles/figures.css?inline'
import hostCss from './styles/host.css?inline'
import planCss from './styles/plan.css?inline'
import { useLanguagePiece } from './useChunk.ts'
import { createWidget, type Widget } from './widget.ts'

export type { Widget }

/** Everything a first render needs; the calendar, the schedule and the toasts bring their own CSS with their chunks. */
export const BASE_STYLES = [hostCss, cardCss, planCss, figuresCss, ...NOTICE_STYLES]

/** A property's value as the component takes it, by its kind in the element's table. */
type ComponentValue<K extends PropKind> = K extends 'flag' | 'boolean'
  ? boolean
  : K extends 'tuition'
    ? TuitionInput | string | null
    : K extends 'messages'
      ? FeesCalculatorMessages | string | null
      : K extends 'lender'
        ? Lender | string | null
        : string | null

/**
 * The component's props: the element's properties (src/domain/props.ts says
 * what each means; flags default to true) but `name` and `required`, which only
 * a form control has, and a callback for each of the element's events
 * (src/events.ts names them).
 */
export type FeesCalculatorProps = {
  [P in Exclude<ElementPropName, 'name' | 'required'>]?: ComponentValue<(typeof ELEMENT_PROPS)[P]['kind']>
} & {
  [E in FeesCalculatorEventName as (typeof EVENT_CALLBACKS)[E]]?: (detail: FeesCalculatorEventDetail<E>) => void
}

const noSubscription = () => () => {}

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
export function FeesCalculator(props: FeesCalculatorProps) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  if (!inBrowser) return <div className="fc" part="base" data-state="placeholder" aria-busy="true" />
  return <HostedCalculator {...props} />
}

function HostedCalculator(props: FeesCalculatorProps) {
  return <WidgetView widget={useWidget(props)} />
}

/**
 * The component's calculator, wired as the element wires its own: every prop goes to the store before paint (the
 * plan starts once they all have), and the store's events come back as the callbacks of the latest render.
 */
function useWidget(props: FeesCalculatorProps): Widget {
  const latest = useRef(props)
  const [widget] = useState(() =>
    createWidget((name, detail) => {
      const callback = latest.current[EVENT_CALLBACKS[name]] as ((detail: unknown) => void) | undefined
      callback?.(detail)
    }),
  )
  useLayoutEffect(() => {
    latest.current = props
    const { setProperty, attach } = widget.store.getState()
    for (const prop of HOST_ORDER) setProperty(prop, (props as Record<string, unknown>)[prop])
    attach()
  })
  useLayoutEffect(() => () => widget.store.getState().release(), [widget])
  return widget
}

/**
 * What a widget shows: the card in the language of its input, its styles, its toaster. It only renders the store:
 * the element (src/element.ts) and the component above hand it a widget wired to their host.
 */
export function WidgetView({ widget }: { widget: Widget }) {
  const { store, words, notices } = widget
  const { reportChunkFailure, reportRenderFailure } = store.getState()
  const language = useShownLanguage(widget, reportChunkFailure)
  // New words from the host draw the card again: words.of then gives instances that hold them.
  useStore(store, (s) => s.config.messages)
  // Spanish's words are always on hand; before the first language's arrive, the card is an empty busy box.
  const i18n =
    words.of(language ?? DEFAULT_LANGUAGE) ?? (words.of(DEFAULT_LANGUAGE) as NonNullable<ReturnType<WidgetWords['of']>>)

  // Styles go to the root node the widget renders in: the element's shadow root, or the page for a React host.
  const base = useRef<HTMLDivElement>(null)
  const [styleRoot, setStyleRoot] = useState<ShadowRoot | Document | null>(null)
  useLayoutEffect(() => {
    const card = base.current
    const root = card && styleRootOf(card)
    if (!root) return
    // A React host's page `lang` is read above the card, whose own `lang` is the widget's.
    widget.host ??= card.parentElement ?? (root instanceof ShadowRoot ? root.host : null)
    adoptStyles(root, BASE_STYLES)
    setStyleRoot(root)
  }, [widget])
  // Before that effect, the element's shadow root, there before its first render: a part drawn in that render (the
  // save bar, when its chunk came before a first render in slices ended) styles that root, never the page. None on a
  // server, which has neither a host nor a ShadowRoot to compare with.
  const shadowRoot =
    styleRoot === null ? (widget.host?.shadowRoot ?? null) : styleRoot instanceof ShadowRoot ? styleRoot : null

  const context = useMemo<CalculatorContextValue>(
    () => ({ store, shadowRoot, reportChunkFailure, language: language ?? DEFAULT_LANGUAGE, words }),
    [store, shadowRoot, reportChunkFailure, language, words],
  )
  const state = useStore(store, (s) => (s.result === null ? 'empty' : s.versionLocked ? 'locked' : 'loaded'))
  const showHeader = useStore(store, (s) => s.config.showHeader)
  const showFooter = useStore(store, (s) => s.config.showFooter)
  const colorScheme = useStore(store, (s) => s.config.colorScheme)

  return (
    <LanguageProvider i18n={i18n}>
      <CalculatorContext.Provider value={context}>
        <div
          className="fc"
          part="base"
          lang={language ?? DEFAULT_LANGUAGE}
          data-color-scheme={colorScheme ?? undefined}
          data-state={language ? state : 'placeholder'}
          aria-busy={language ? undefined : true}
          ref={base}
        >
          {language && (
            // React itself writes the error to the console once (its root's onCaughtError); the host hears of it here.
            <RenderBoundary onFailure={reportRenderFailure}>
              <CalculatorView showHeader={showHeader} showFooter={showFooter} />
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
  const ready = words.ready(wanted)
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
