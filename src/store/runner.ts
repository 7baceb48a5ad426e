// What the flow's effects do (src/store/flow.ts decides them): the calls, through the one request path, each
// answer or failure handed back to the flow as an event; the host's events; the notices; the console. The runner
// keeps no state of the calculator's, only the calls it has under way, to cancel them.
import { createApi } from '../api/client.ts'
import { apiRootFor, DEFAULT_API_KEY } from '../api/environment.ts'
import { isAbort, toApiError } from '../api/errors.ts'
import { warnUnknownLanguage } from '../domain/language.ts'
import { ChunkLoadError } from '../lazy/chunk.ts'
import { afterNextPaint } from '../lazy/idle.ts'
import type { Answer, Call, CallSlot, Effect, FlowEvent } from './flow.ts'
import type { CalculatorDeps, CalculatorState } from './state.ts'

/** Carries out effects; `dispatch` hands the flow what comes back, `state` reads it as it is now. */
export function createRunner(
  deps: CalculatorDeps,
  dispatch: (event: FlowEvent) => void,
  state: () => CalculatorState,
): (effects: readonly Effect[]) => void {
  const log = deps.log ?? ((message, detail) => console.error(`[fees-calculator] ${message}`, detail))
  const hostname = () => deps.hostname ?? (typeof location === 'undefined' ? 'localhost' : location.hostname)
  // Where calls go and with which credentials, read again for every try: a retry carries the host's newest token.
  const api = createApi(() => {
    const { mode, input, config } = state()
    return {
      root: apiRootFor(hostname(), config.apiBase),
      auth: mode === 'hash' ? { apiKey: config.apiKey || DEFAULT_API_KEY } : { bearer: input?.token ?? '' },
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      ...(deps.retryDelay ? { retryDelay: deps.retryDelay } : {}),
    }
  })

  /**
   * The calls under way, each with its slot and, for the comparison, its count. A call replaced in its slot, or
   * cancelled, is aborted, and its answer never reaches the flow: an answer that comes is the one the flow waits for.
   */
  const underWay = new Set<{ slot: CallSlot; count?: number; controller: AbortController }>()
  const cancel = (slot: CallSlot | 'all') => {
    for (const call of underWay)
      if (slot === 'all' || call.slot === slot) {
        call.controller.abort()
        underWay.delete(call)
      }
  }

  const answerOf = async ({ api: name, args }: Call, signal: AbortSignal): Promise<Answer> => {
    const value = await (api[name] as (...a: unknown[]) => Promise<unknown>)(...args, signal)
    // A saved version speaks the page's language as it arrives: a later change of `lang` shows on the next load.
    const pageLanguage = name === 'feesTable' ? (deps.pageLanguage?.() ?? null) : undefined
    return { api: name, value, pageLanguage } as Answer
  }

  /** A chunk that could not load is said as such (the console, a notice). */
  const chunkFailed = (error: unknown) => {
    if (error instanceof ChunkLoadError) dispatch({ type: 'chunkFailed', message: error.message, error })
  }

  const send = (slot: CallSlot, call: Call, count?: number) => {
    // One call at a time in a slot, but the comparison's, one per count.
    if (slot !== 'comparison') cancel(slot)
    const underway = { slot, count, controller: new AbortController() }
    underWay.add(underway)
    const { signal } = underway.controller
    answerOf(call, signal).then(
      (answer) => {
        underWay.delete(underway)
        if (!signal.aborted) dispatch({ type: 'answered', slot, count, answer })
      },
      async (error: unknown) => {
        underWay.delete(underway)
        if (signal.aborted || isAbort(error)) return
        // A chunk the call needed (ky's) that could not load is said as such, besides the call's failure.
        chunkFailed(error)
        const failure = await toApiError(error)
        // Cancelled while the failure was being read: nobody is told.
        if (!signal.aborted) dispatch({ type: 'failed', slot, count, error: failure })
      },
    )
  }

  return (effects) => {
    for (const effect of effects) {
      switch (effect.type) {
        case 'send':
          send(effect.slot, effect.call, effect.count)
          break
        case 'cancel':
          cancel(effect.slot)
          break
        case 'emit':
          deps.emit(effect.name, effect.detail)
          break
        case 'notify':
          deps.notify(effect.notice)
          break
        case 'log':
          log(effect.message, effect.detail)
          break
        case 'warnLanguage':
          warnUnknownLanguage(effect.tag)
          break
        case 'loadSavingRules':
          // After the frame that draws what this step brought (the first figures, as a rule), never before it.
          afterNextPaint(() =>
            deps.savingRules?.().then((rules) => dispatch({ type: 'savingRulesLoaded', rules }), chunkFailed),
          )
          break
        case 'loadComparison':
          deps.comparisonRules?.().then((rules) => dispatch({ type: 'comparisonRulesLoaded', rules }), chunkFailed)
          break
        case 'checkMessages':
          deps
            .checkMessages?.(effect.value)
            .then((messages) => dispatch({ type: 'messagesChecked', value: effect.value, messages }), chunkFailed)
          break
      }
    }
  }
}
