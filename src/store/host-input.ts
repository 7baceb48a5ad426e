// The host's input: the configuration, a tuition input set, replaced or cleared, a saved version loaded by hash.
// The one place a tuition input is read: parsed (from its JSON text) and validated once, then entered once.
import { languageOfTag } from '../domain/language.ts'
import { parseTuitionJson, validateTuitionInput } from '../domain/tuition.ts'
import type { TuitionInput } from '../domain/types.ts'
import { calculationCleared } from './calculation.ts'
import { comparisonCleared } from './compare.ts'
import { previewCleared } from './preview.ts'
import { saveCleared } from './save.ts'
import type { SliceContext } from './slice.ts'
import type { CalculatorActions, CalculatorConfig, CalculatorState, HostState } from './state.ts'

type HostActions = Pick<
  CalculatorActions,
  'configure' | 'setTuitionInput' | 'clear' | 'loadByHash' | 'restore' | 'reportChunkFailure' | 'reportRenderFailure'
>

/** What makes a plan: the input but its credentials and its language, which change no figure. */
function planKey(input: TuitionInput): string {
  const { token: _token, language: _language, ...plan } = input
  return JSON.stringify(plan)
}

/** A value as JSON, or undefined when it has none (a cycle, a BigInt): such a value is read every time. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

export const languageOf = (input: TuitionInput | null | undefined) => languageOfTag(input?.language)

export const DEFAULT_CONFIG: CalculatorConfig = {
  apiBase: null,
  apiKey: null,
  showHeader: true,
  showFooter: true,
  reminderDays: null,
  colorScheme: null,
  messages: null,
  lender: null,
  disabled: false,
}

const hostCleared = (config: CalculatorConfig): HostState => ({
  config,
  mode: 'none',
  input: null,
  loadedByHash: false,
  language: 'es',
})

/** The whole store's starting point: the host's configuration, and nothing else yet. */
export const blankState = (config: CalculatorConfig): CalculatorState => ({
  ...hostCleared(config),
  ...calculationCleared,
  ...saveCleared(null),
  ...previewCleared,
  ...comparisonCleared,
  comparisonOpen: false,
})

export function createHostSlice(
  { set, get, deps, links }: SliceContext,
  config: CalculatorConfig,
  reportChunkFailure: (error: unknown) => void,
): HostState & HostActions {
  // The last tuition input the host gave, taken or refused, as text: the same again is nothing new (a framework
  // re-rendering with a fresh copy of a refused input is not told again).
  let lastText: string | undefined
  let lastTaken = false
  // The plan on screen, as planKey: an input with the same key changes only the credentials or the language.
  let lastKey: string | null = null
  // A version the browser restored in place of the host's plan (of this key): that plan again does not replace it.
  let restoredOver: string | null = null

  /** Drops every call under way and everything kept for later, in every slice. */
  const cancelAll = () => {
    for (const cancel of links.cancel) cancel()
    lastText = undefined
    lastKey = null
    restoredOver = null
  }

  links.replacePlan = (input) => {
    lastKey = planKey(input)
    set({
      mode: 'embedded',
      input,
      language: languageOf(input),
      loadedByHash: false,
      ...calculationCleared,
      ...saveCleared(input.linkedVersionIdentifier ?? null),
      ...previewCleared,
      ...comparisonCleared,
    })
    void links.calculate()
  }

  return {
    ...hostCleared(config),

    reportChunkFailure,

    reportRenderFailure(failure) {
      deps.emit('invalidTuitionEvent', failure)
    },

    configure(patch) {
      set({ config: { ...get().config, ...patch } })
    },

    setTuitionInput(raw) {
      if (raw === undefined || raw === null || raw === '') {
        get().clear()
        return true
      }
      const text = textOf(raw)
      if (text !== undefined && text === lastText) return lastTaken
      lastText = text
      const check = typeof raw === 'string' ? parseTuitionJson(raw) : validateTuitionInput(raw)
      lastTaken = check.ok
      if (!check.ok) {
        deps.emit('invalidTuitionEvent', check.error)
        return false
      }
      const next = check.value
      const { mode, input, failure, calculating } = get()
      if (mode === 'hash' && planKey(next) === restoredOver) return true
      if (mode === 'embedded' && input && planKey(next) === lastKey) {
        // The same plan, perhaps with a fresh token or in another language: the next call carries them, nothing
        // else changes (the choice, the lock, the schedule stay; no request leaves), but a calculation that failed
        // (the expired token's 401, as a rule) is sent again with the new token.
        links.holdInput(null)
        const { token, language } = next
        if (token === input.token && language === input.language) return true
        set({ input: { ...input, token, language }, language: languageOf(next) })
        // A save refused for the session goes again first; else a calculation that failed is sent again.
        if (token !== input.token && !links.tokenRefreshed() && failure && !calculating) get().retry()
        return true
      }
      // A save pending or under way keeps the plan on screen: the new one waits for its answer, and its credentials
      // are the host's newest, which the save under way may still need for its recalculation.
      if (links.holdInput(next)) {
        if (input && mode === 'embedded' && next.token !== input.token) set({ input: { ...input, token: next.token } })
        return true
      }
      links.replacePlan(next)
      return true
    },

    clear() {
      cancelAll()
      set(blankState(get().config))
    },

    restore(versionHashCode) {
      const [text, taken, key] = [lastText, lastTaken, lastKey]
      get().loadByHash(versionHashCode)
      ;[lastText, lastTaken, lastKey, restoredOver] = [text, taken, key, key]
    },

    loadByHash(versionHashCode) {
      cancelAll()
      set({ ...blankState(get().config), mode: 'hash', calculating: true, loadedByHash: true, versionHashCode })
      links.loadTable(versionHashCode)
    },
  }
}
