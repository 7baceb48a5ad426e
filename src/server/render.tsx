// The server renderer (`fees-calculator/server`): the element's HTML with its card and figures in a declarative
// shadow root, rendered by the card's own components, words and formats from the flow's own state
// (src/store/rendered.ts), so that the element takes it over node for node. No DOM, no Node built-ins: React's
// string renderer and fetch only. See docs/embedding.md#rendered-on-a-server.
import { renderToString } from 'react-dom/server.edge'
import { createApi } from '../api/client.ts'
import { DEFAULT_API_KEY } from '../api/environment.ts'
import { parseFeesTable } from '../api/responses.ts'
import { parseSavedFeesTable } from '../api/responses-with-ky.ts'
import type { Lender } from '../domain/lender.ts'
import { ELEMENT_PROP_NAMES, ELEMENT_PROPS, type ElementPropName, type PropRow } from '../domain/props.ts'
import type { TuitionInput } from '../domain/types.ts'
import type { Answer } from '../store/flow.ts'
import { nextCall, type RenderedCard, renderedStep, renderedStore } from '../store/rendered.ts'
import { RENDERED_STYLES, RenderedView } from '../ui/RenderedView.tsx'
import type { FeesCalculatorMessages } from '../ui/replaceable-words.ts'
import { checkOwnWords, createWidget } from '../ui/widget.ts'
import { ATTRIBUTE_NAME, elementHtml } from './html.ts'

/** How long the renderer waits for the API when it fetches the answer itself, unless the caller says. */
export const DEFAULT_DEADLINE_MS = 300

/** The tag the element is defined under. */
const TAG = 'fees-calculator'
/** The card's styles as the server inlines them: one text, made once. */
const CSS = RENDERED_STYLES.join('')

/**
 * The element's settings, as a host sets them on `<fees-calculator>`: its properties (src/domain/props.ts) but its
 * credentials, which never go into the HTML.
 */
export interface FeesCalculatorSettings {
  /** Embedded mode: the tuition input, as an object or its JSON text. A `token` in it is left out of the HTML. */
  tuitionInput?: TuitionInput | string | null
  /** Hash mode: the saved version's hash. */
  versionHashCode?: string | null
  /**
   * The element's `lang`: the language of the page around it, which a saved plan opened by its hash speaks when the
   * widget does (else its saved input's). Embedded mode speaks its tuition input's `language`.
   */
  lang?: string | null
  /** Shows the header with the legal links; default true. */
  showHeader?: boolean
  /** Shows the footer; default true. */
  showFooter?: boolean
  /** `light` or `dark` forces the card's colour scheme; else it follows the student's. */
  colorScheme?: string | null
  /** The university's words in place of the card's own, per language, by name. */
  messages?: FeesCalculatorMessages | string | null
  /** The lender's details for the credit information. */
  lender?: Lender | string | null
  /** How many days before each due date the calendar file reminds the student. */
  reminderDays?: number | string | null
  /** The API root the element calls from the browser (its `api-base`). */
  apiBase?: string | null
  /** The element's own attributes besides these (`id`, `class`, `name`, `required`…): true for a bare attribute. */
  attributes?: Record<string, string | boolean | null | undefined>
}

/** The API's answer a card is rendered from. */
export interface FeesCalculatorAnswer {
  /** `CalculateFeeOptions`'s answer (embedded mode), or `feestable`'s (hash mode), as its JSON reads. */
  answer: unknown
  /** Hash mode: `Version/Number`'s answer, when the caller has it; else the element asks for it. */
  versionNumber?: number | null
}

/** How the renderer reaches the API when it fetches the answer itself. */
export interface FeesCalculatorFetchOptions {
  /**
   * Where this server reaches the API, e.g. `https://api.example.edu/api/v1`: absolute. Default the settings'
   * `apiBase`, when that is absolute.
   */
  apiRoot?: string
  /** Embedded mode's bearer token: default the tuition input's `token`; none calls the Anonymous endpoints' systems only. */
  token?: string | null
  /** Hash mode's API key: default the build's, as the element's. */
  apiKey?: string | null
  /** How long to wait for the API, in ms, before rendering without figures. Default 300. */
  deadlineMs?: number
  /** The fetch to use: default the runtime's. */
  fetch?: typeof fetch
}

/** A property's value as the element's attribute text, or undefined when it has none to write. */
function attributeText(prop: ElementPropName, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  const row: PropRow = ELEMENT_PROPS[prop]
  if (row.kind === 'flag') return value === false || value === 'false' ? 'false' : undefined
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/**
 * The tuition input as the element's attribute writes it: without its token. JSON text is read for its token; a text
 * that is not JSON but names a token is left out altogether (the element would refuse it all the same).
 */
function inputText(input: TuitionInput | string): string | undefined {
  let value: unknown = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      return /token/i.test(input) ? undefined : input
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return JSON.stringify(value)
  const { token: _token, ...rest } = value as Record<string, unknown>
  return JSON.stringify(rest)
}

/** What the host gave, as the element's attributes say it, in the order of the element's table: never a token or a key. */
function givenOf(settings: FeesCalculatorSettings): RenderedCard['given'] {
  const given: RenderedCard['given'] = {}
  const set = settings as Partial<Record<ElementPropName, unknown>>
  for (const prop of ELEMENT_PROP_NAMES) {
    const row: PropRow = ELEMENT_PROPS[prop]
    const value = set[prop]
    // A form control's attributes are the host's own (`attributes`); the key is a credential.
    if (row.form || prop === 'apiKey' || value === undefined || value === null) continue
    try {
      const text = prop === 'tuitionInput' ? inputText(value as TuitionInput | string) : attributeText(prop, value)
      if (text !== undefined) given[prop] = text
    } catch {
      // A value that cannot be written (a cycle): the element goes without it, as a host's bad value would.
    }
  }
  return given
}

/** The tag's attributes: `lang`, the host's properties, then the host's own. */
function attributesOf(settings: FeesCalculatorSettings, given: RenderedCard['given']): [string, string | true][] {
  const attributes: [string, string | true][] = []
  if (typeof settings.lang === 'string') attributes.push(['lang', settings.lang])
  for (const [prop, text] of Object.entries(given) as [ElementPropName, string][])
    attributes.push([ELEMENT_PROPS[prop].attribute, text])
  const taken = new Set(attributes.map(([name]) => name))
  for (const [name, value] of Object.entries(settings.attributes ?? {})) {
    if (value === false || value === null || value === undefined) continue
    if (!ATTRIBUTE_NAME.test(name) || taken.has(name.toLowerCase())) {
      console.warn(`fees-calculator/server: attribute "${name}" left out (not a name, or one the settings write)`)
      continue
    }
    attributes.push([name, value === true ? true : String(value)])
  }
  return attributes
}

/** The API's answers, read by the widget's response boundary: none when the answer is not one it would take. */
function answersOf(card: RenderedCard['given'], lang: string | null | undefined, answer: FeesCalculatorAnswer | null) {
  if (!answer) return []
  const hash = card.versionHashCode !== undefined
  if (!hash) {
    const read = parseFeesTable(answer.answer)
    return read.ok ? [{ api: 'calculateFeeOptions', value: read.value } as Answer] : []
  }
  const read = parseSavedFeesTable(answer.answer)
  if (!read.ok) return []
  const answers: Answer[] = [{ api: 'feesTable', value: read.value, pageLanguage: lang ?? null }]
  const { versionNumber } = answer
  if (typeof versionNumber === 'number' && Number.isInteger(versionNumber) && versionNumber >= 0)
    answers.push({ api: 'versionNumber', value: versionNumber })
  return answers
}

/**
 * The card's HTML for its props, or null when they give no figures (or it cannot be drawn): the element then starts as
 * it does without a server.
 */
async function cardHtml(card: RenderedCard): Promise<string | null> {
  const messages = card.given.messages === undefined ? undefined : await checkOwnWords(card.given.messages)
  const step = renderedStep(card, messages)
  if (!step.state.result) return null
  const widget = createWidget(
    () => {},
    null,
    (deps) => renderedStore(deps, step).store,
  )
  // Another language's words are a chunk: here before the card is drawn, as the element loads them before it takes it.
  await widget.words.load(step.state.language)
  return renderToString(<RenderedView widget={widget} />)
}

async function html(settings: FeesCalculatorSettings, card: RenderedCard): Promise<string> {
  const attributes = attributesOf(settings, card.given)
  let markup: string | null = null
  try {
    markup = await cardHtml(card)
  } catch (error) {
    console.warn('fees-calculator/server: the card could not be rendered; the element will draw it', error)
  }
  return elementHtml(TAG, attributes, markup === null ? null : { css: CSS, props: card, card: markup })
}

/**
 * The element's HTML (`<fees-calculator …>`, a declarative shadow root with the card's styles and the card with its
 * figures, `</fees-calculator>`), rendered from the API's answer: what `CalculateFeeOptions` answered for the tuition
 * input (embedded mode), or `feestable` for the hash (hash mode). Its text is the element's for the same answer. No
 * token, key or cookie is written. An answer the widget would not take renders the element without figures, which
 * then starts as it does without a server.
 */
export async function renderFeesCalculator(
  settings: FeesCalculatorSettings,
  answer: FeesCalculatorAnswer | null,
): Promise<string> {
  const given = givenOf(settings)
  return html(settings, { given, answers: answersOf(given, settings.lang, answer) })
}

/**
 * Fetches the answer by the widget's own rules (`CalculateFeeOptions` with the bearer token, or its Anonymous variant
 * for the systems that call it; `feestable` with the API key, and the version's number), within `deadlineMs` (300 ms
 * by default), and renders the element with it. When the API fails, refuses or is later than that, the element is
 * rendered without figures: it starts as it does without a server. It never throws.
 */
export async function renderFeesCalculatorFromApi(
  settings: FeesCalculatorSettings,
  options: FeesCalculatorFetchOptions = {},
): Promise<string> {
  const given = givenOf(settings)
  const answers: Answer[] = []
  try {
    const signal = AbortSignal.timeout(options.deadlineMs ?? DEFAULT_DEADLINE_MS)
    const input = typeof settings.tuitionInput === 'object' ? settings.tuitionInput : null
    const hash = given.versionHashCode !== undefined
    const root = options.apiRoot ?? settings.apiBase ?? ''
    const api = createApi(() => ({
      root,
      auth: hash
        ? { apiKey: options.apiKey || DEFAULT_API_KEY }
        : { bearer: options.token ?? input?.token ?? tokenOfText(settings.tuitionInput) ?? '' },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }))
    const call = (next: NonNullable<ReturnType<typeof nextCall>>) =>
      (api[next.api] as (...args: unknown[]) => Promise<unknown>)(...next.args, signal)
    for (
      let next = nextCall(renderedStep({ given, answers }));
      next;
      next = nextCall(renderedStep({ given, answers }))
    ) {
      const value = await call(next)
      answers.push({
        api: next.api,
        value,
        ...(next.api === 'feesTable' ? { pageLanguage: settings.lang ?? null } : {}),
      } as Answer)
    }
  } catch {
    // The API failed, refused or was late: the card shows what it has; without its figures, the element starts as it
    // does without a server.
  }
  try {
    return await html(settings, { given, answers })
  } catch {
    // Settings that cannot even be written (an attribute's value that is no text): the bare element.
    return `<${TAG}></${TAG}>`
  }
}

/** The token of a tuition input given as JSON text. */
function tokenOfText(input: unknown): string | null {
  if (typeof input !== 'string') return null
  try {
    const { token } = JSON.parse(input) as { token?: unknown }
    return typeof token === 'string' ? token : null
  } catch {
    return null
  }
}
