import { createStore } from 'zustand/vanilla'
import { responsesChunk } from '../api/chunks.ts'
import type { Api } from '../api/client.ts'
import { apiRootFor, DEFAULT_API_KEY } from '../api/environment.ts'
import { type ApiError, httpChunk, isAbort, isProblem, preloadHttp, toApiError } from '../api/errors.ts'
import { type ApiClientOptions, calculatePath, type EarlyRequest, sendEarly } from '../api/request.ts'
import { toIsoDate } from '../domain/dates.ts'
import {
  calculationPayload,
  choiceOf,
  type PlanChoice,
  previewPayload,
  saveLocks,
  savePayload,
  usesAnonymousEndpoints,
} from '../domain/payload.ts'
import { validateTuitionInput } from '../domain/tuition.ts'
import type { FeesTableResult, TuitionInput } from '../domain/types.ts'
import type { RequestFailure } from '../events.ts'
import { ChunkLoadError } from '../lazy/chunk.ts'
import { whenIdle } from '../lazy/idle.ts'
import {
  type AmountRefusal,
  type CalculationFailure,
  type CalculatorActions,
  type CalculatorConfig,
  type CalculatorDeps,
  type CalculatorState,
  type CalculatorStore,
  initialState,
  languageOf,
} from './state.ts'

function failureOf(error: ApiError): RequestFailure {
  if (error.kind === 'response') {
    const { code, field, message, status } = error
    return { code, kind: 'response', status, message, body: null, field }
  }
  return {
    code: 'request_failed',
    kind: error.kind,
    status: error.kind === 'http' ? error.status : null,
    message: error.message,
    body: error.kind === 'http' ? error.body : null,
  }
}

/** How the card words a failed calculation. */
function failureKindOf(error: ApiError): CalculationFailure {
  if (error.kind === 'network') return { kind: 'connection', status: null }
  if (error.kind === 'timeout') return { kind: 'timeout', status: null }
  if (error.kind === 'response') return { kind: 'unreadable', status: error.status }
  const { status } = error
  if (status === 401 || status === 403) return { kind: 'session', status }
  if (status === 429 || status >= 500) return { kind: 'unavailable', status }
  return { kind: 'refused', status }
}

/** An amount the student changed: if the API refuses it (400/422), the field says why. */
interface AmountChange {
  field: AmountRefusal['field']
  value: number | null
}

function amountRefusalOf(change: AmountChange | undefined, error: ApiError): AmountRefusal | null {
  if (!change || error.kind !== 'http' || (error.status !== 400 && error.status !== 422)) return null
  const problem = isProblem(error.body) ? error.body : null
  return { ...change, code: problem?.code ?? '', detail: problem?.detail || null }
}

/** What makes a plan: the input but its credentials and its language, which change no figure. */
function planKey(input: TuitionInput): string {
  const { token: _token, language: _language, ...plan } = input
  return JSON.stringify(plan)
}

/**
 * One store per element instance. The actions call the API; a calculation
 * that a newer one supersedes is aborted, and its late answer is dropped, so
 * at most one calculation per element is in flight and the screen always
 * shows the answer to the last choice.
 *
 * A save is never lost nor mismatched: SAVE pressed during a recalculation
 * waits for its result and saves that (or says why not); from the press until
 * the save answers the plan cannot change — the user's changes are refused and
 * a new plan from the host waits — so the figures, the saved version, the
 * schedule and the host's event all describe one plan.
 */
export function createCalculatorStore(deps: CalculatorDeps, config: Partial<CalculatorConfig> = {}): CalculatorStore {
  const log = deps.log ?? ((message, detail) => console.error(`[fees-calculator] ${message}`, detail))
  const hostname = () => deps.hostname ?? (typeof location === 'undefined' ? 'localhost' : location.hostname)
  let inFlight: AbortController | null = null
  // Apart from inFlight: a preview must not abort a calculation, but any new calculation or save makes it stale.
  let previewInFlight: AbortController | null = null
  let lastInputKey: string | null = null
  // The save under way, cancelled only when the element is cleared or reloaded.
  let saveInFlight: AbortController | null = null
  // The newest plan the host sent while a save was pending or under way: applied once it answers.
  let waitingInput: TuitionInput | null = null
  // The choice whose calculation failed: Try again resends it, not the one the controls went back to.
  let failedChoice: PlanChoice | null = null
  // The key of a save that did not answer: pressing SAVE again on the same plan reuses it, so the server
  // stores that plan once even if the lost save had reached it.
  let unansweredSave: { body: string; key: string } | null = null

  /**
   * What a failed call was, said where the screen must say it whatever else
   * reports it: a chunk that could not load (console and toast) and a date in
   * an answer that cannot be read as UTC (toast). Rethrows aborts.
   */
  const noteChunkFailure = (error: unknown) => {
    if (!(error instanceof ChunkLoadError)) return
    log(error.message, error)
    deps.notify({ kind: 'chunk_load_failed' })
  }
  const describe = async (error: unknown): Promise<ApiError> => {
    noteChunkFailure(error)
    const failure = await toApiError(error)
    if (failure.kind === 'response' && failure.code === 'invalid_date') deps.notify({ kind: 'date_parse_failed' })
    return failure
  }

  return createStore<CalculatorState & CalculatorActions>()((set, get) => {
    /** Where calls go and with which credentials, at this moment. */
    const clientOptions = (): ApiClientOptions => {
      const { config: cfg } = get()
      const auth = (): ApiClientOptions['auth'] => {
        const { mode, input, config } = get()
        return mode === 'hash' ? { apiKey: config.apiKey || DEFAULT_API_KEY } : { bearer: input?.token ?? '' }
      }
      return {
        root: apiRootFor(hostname(), cfg.apiBase),
        auth: auth(),
        currentAuth: auth,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.retryDelay ? { retryDelay: deps.retryDelay } : {}),
      }
    }

    /** The API with the credentials of the moment, once the client's chunk has arrived; `early` is a call it then reads. */
    const api = async (early?: EarlyRequest): Promise<Api> => {
      const { createApi, createHttp } = await httpChunk.load()
      const options = clientOptions()
      return createApi(createHttp(options, early), () => responsesChunk.load(), options.retryDelay)
    }

    /** A new Idempotency-Key, from the client's chunk (a save loads it anyway). */
    const newIdempotencyKey = async (): Promise<string> => (await httpChunk.load()).newIdempotencyKey()

    /** Starts a call that supersedes any under way; resolves to null when it was itself superseded. */
    const latest = async <T>(
      call: (signal: AbortSignal) => Promise<T>,
    ): Promise<{ value: T } | { error: ApiError } | null> => {
      inFlight?.abort()
      const controller = new AbortController()
      inFlight = controller
      try {
        const value = await call(controller.signal)
        return controller.signal.aborted ? null : { value }
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return null
        return { error: await describe(error) }
      } finally {
        if (inFlight === controller) inFlight = null
      }
    }

    const cancelPreview = () => {
      previewInFlight?.abort()
      previewInFlight = null
      if (get().schedulePreview !== 'idle') set({ schedulePreview: 'idle' })
    }

    const reportCalculationFailure = (error: ApiError) => {
      if (get().mode === 'embedded') deps.emit('invalidTuitionEvent', failureOf(error))
      else log('calculation failed', error)
    }

    const acceptResult = (result: FeesTableResult) => {
      set({
        result,
        choice: choiceOf(result),
        calculating: false,
        versionLocked: false,
        amortization: null,
        planSent: false,
      })
      deps.emit('calculationResultReceivedEvent', result)
    }

    /**
     * A pressed SAVE that stored nothing. Embedded mode: a notice says why and the host gets the failure.
     * Hash mode keeps its rule that failures are only logged and the screen does not change.
     */
    const refuseSave = (stage: 'recalculation' | 'save', error: ApiError) => {
      if (get().mode !== 'embedded') {
        log('save failed', error)
        return
      }
      deps.notify({
        kind: 'save_failed',
        stage,
        failure: error.kind,
        status: error.kind === 'http' || error.kind === 'response' ? error.status : null,
      })
      deps.emit('feeOptionSelectedEvent', failureOf(error))
    }

    /** After a save answers: the plan the host sent meanwhile, if any, now replaces the one on screen. */
    const applyWaitingInput = () => {
      const next = waitingInput
      waitingInput = null
      if (next) replacePlan(next)
    }

    /** Saves the plan on screen: no calculation is under way, and nothing may change it until it answers. */
    const carryOutSave = async () => {
      const { input, choice, result, mode, versionHashCode } = get()
      if (!input || !choice || !result) {
        set({ saveQueued: false })
        return
      }
      const embedded = mode === 'embedded'
      const body = savePayload(input, choice, { embedded, currentHash: versionHashCode })
      const bodyText = JSON.stringify(body)
      cancelPreview()
      const controller = new AbortController()
      saveInFlight = controller
      set({ saveQueued: false, saving: true })
      try {
        const idempotencyKey = unansweredSave?.body === bodyText ? unansweredSave.key : await newIdempotencyKey()
        unansweredSave = { body: bodyText, key: idempotencyKey }
        const table = await (await api()).frontCalculateFees(
          body,
          usesAnonymousEndpoints(input, embedded),
          controller.signal,
          idempotencyKey,
        )
        if (controller.signal.aborted) return
        unansweredSave = null
        // The plan on screen is saved: a recalculation that failed before is no longer the student's way on.
        failedChoice = null
        set({
          saving: false,
          failure: null,
          amortization: table,
          planSent: true,
          versionLocked: saveLocks(input, embedded),
          ...(table.versionHashCode
            ? { versionHashCode: table.versionHashCode, versionNumber: table.versionNumber }
            : {}),
        })
        deps.emit('feeOptionSelectedEvent', table)
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return
        const failure = await describe(error)
        // Removed while the failure was being read: the host is told nothing more.
        if (controller.signal.aborted) return
        set({ saving: false })
        refuseSave('save', failure)
      } finally {
        if (saveInFlight === controller) {
          saveInFlight = null
          applyWaitingInput()
        }
      }
    }

    const calculate = async (change?: AmountChange) => {
      const { input, choice, result, mode } = get()
      if (!input) return
      cancelPreview()
      set({ calculating: true, failure: null })
      const body = calculationPayload(input, choice ?? undefined)
      const anonymous = usesAnonymousEndpoints(input, mode === 'embedded')
      const direct = !httpChunk.loaded()
      const outcome = await latest(async (signal) => {
        // Until the client's chunk has arrived (the first calculation, as a rule), the request leaves at once with
        // the browser's fetch, in parallel with the first render, and a success is read by the response boundary
        // alone: the first figures wait for neither ky nor its chunk. An error status is read by the client, as
        // every other, so that its failure is reported the same way.
        if (!direct) return (await api()).calculateFeeOptions(body, anonymous, signal)
        const early = sendEarly(clientOptions(), calculatePath(anonymous), body, signal)
        try {
          const [response, { readAnswer, parseFeesTable }] = await Promise.all([early.answer, responsesChunk.load()])
          if (response.ok) return await readAnswer(response, parseFeesTable)
        } catch (error) {
          // A chunk that could not load leaves the answer unread; any other failure came with it (an error status,
          // whose body the failure carries, so it must not be cut off), or ended it. No answer at all (a network
          // error) goes to the client below, which tries the read again as it does every read.
          if (error instanceof ChunkLoadError) early.cancel()
          if (!(error instanceof TypeError) || signal.aborted) throw error
        }
        return await (await api(early)).calculateFeeOptions(body, anonymous, signal)
      })
      // The client comes once the figures are drawn, for the calls that need it (a save, a version number).
      if (direct) whenIdle(preloadHttp)
      if (!outcome) return
      const saveWaited = get().saveQueued
      if ('error' in outcome) {
        // The controls go back to what the figures on screen stand for; an amount the API refused stays in its
        // field, which says why, and any other failure is said on the card with a way to send it again.
        const amountRefusal = amountRefusalOf(change, outcome.error)
        const embedded = get().mode === 'embedded'
        failedChoice = choice
        set({
          calculating: false,
          saveQueued: false,
          choice: result ? choiceOf(result) : null,
          ...(embedded
            ? amountRefusal
              ? { amountRefusal }
              : { failure: failureKindOf(outcome.error), amountRefusal: null }
            : {}),
        })
        reportCalculationFailure(outcome.error)
        if (saveWaited) {
          refuseSave('recalculation', outcome.error)
          applyWaitingInput()
        }
        return
      }
      failedChoice = null
      set({ amountRefusal: null })
      acceptResult(outcome.value)
      if (saveWaited) await carryOutSave()
    }

    const fetchVersionNumber = async (versionHashCode: string, contractId: string | null | undefined) => {
      if (!contractId) return
      try {
        const versionNumber = await (await api()).versionNumber(versionHashCode, contractId)
        if (get().versionHashCode === versionHashCode) set({ versionNumber })
      } catch (error) {
        log('version number fetch failed', isAbort(error) ? error : await describe(error).catch(() => error))
        deps.notify({ kind: 'version_number_failed' })
      }
    }

    const choose = (patch: Partial<PlanChoice>, change?: AmountChange) => {
      const { choice, saving, saveQueued, amountRefusal } = get()
      // A save pending or under way is for the plan on screen: it cannot change under it.
      if (!choice || saving || saveQueued) return
      const next = { ...choice, ...patch }
      if (JSON.stringify(next) === JSON.stringify(choice)) {
        // The refused amount typed back to the one in force: nothing to send, and nothing left to fix.
        if (change && amountRefusal?.field === change.field) set({ amountRefusal: null })
        return
      }
      set({ choice: next })
      void calculate(change)
    }

    /** A new plan from the host: whatever the user chose goes, and it is calculated afresh. */
    const replacePlan = (input: TuitionInput) => {
      lastInputKey = planKey(input)
      failedChoice = null
      set({
        failure: null,
        amountRefusal: null,
        mode: 'embedded',
        input,
        language: languageOf(input),
        choice: null,
        result: null,
        loadedByHash: false,
        versionLocked: false,
        planSent: false,
        versionHashCode: input.linkedVersionIdentifier ?? null,
        versionNumber: null,
        amortization: null,
      })
      void calculate()
    }

    return {
      ...initialState({ apiBase: config.apiBase ?? null, apiKey: config.apiKey ?? null }),

      reportChunkFailure: noteChunkFailure,

      configure(patch) {
        set({ config: { ...get().config, ...patch } })
      },

      setTuitionInput(raw) {
        if (raw === undefined || raw === null) {
          get().clear()
          return
        }
        const check = validateTuitionInput(raw)
        if (!check.ok) {
          deps.emit('invalidTuitionEvent', check.error)
          return
        }
        const { mode, input, saving, saveQueued } = get()
        if (mode === 'embedded' && input && planKey(check.value) === lastInputKey) {
          // The same plan, perhaps with a fresh token or in another language: the next call carries them, nothing
          // else changes (the choice, the lock, the schedule stay; no request leaves), but a calculation that failed
          // (the expired token's 401, as a rule) is sent again with the new token.
          waitingInput = null
          const { token, language } = check.value
          if (token !== input.token || language !== input.language) {
            set({ input: { ...input, token, language }, language: languageOf(check.value) })
            if (token !== input.token && get().failure && !get().calculating) get().retry()
          }
          return
        }
        if (saving || saveQueued) {
          waitingInput = check.value
          // Its credentials are the host's newest: the save under way may still need them for its recalculation.
          if (input && mode === 'embedded' && check.value.token !== input.token)
            set({ input: { ...input, token: check.value.token } })
          return
        }
        replacePlan(check.value)
      },

      clear() {
        inFlight?.abort()
        previewInFlight?.abort()
        saveInFlight?.abort()
        saveInFlight = null
        waitingInput = null
        lastInputKey = null
        failedChoice = null
        unansweredSave = null
        set(initialState(get().config))
      },

      loadByHash(versionHashCode) {
        lastInputKey = null
        waitingInput = null
        previewInFlight?.abort()
        saveInFlight?.abort()
        saveInFlight = null
        set({ ...initialState(get().config), mode: 'hash', calculating: true, loadedByHash: true, versionHashCode })
        void (async () => {
          const outcome = await latest(async (signal) => (await api()).feesTable(versionHashCode, signal))
          if (!outcome) return
          if ('error' in outcome) {
            set({ calculating: false })
            log('fees table load failed', outcome.error)
            return
          }
          const { result, tuitionInput } = outcome.value
          const input: TuitionInput = { ...tuitionInput, token: null }
          set({ input, language: languageOf(input) })
          acceptResult(result)
          await fetchVersionNumber(versionHashCode, input.contractId)
        })()
      },

      chooseFeeCount(numberOfFees) {
        choose({ numberOfFees })
      },

      chooseDate(date) {
        const firstPaymentDate = toIsoDate(date)
        if (!firstPaymentDate) {
          deps.notify({ kind: 'date_parse_failed' })
          return
        }
        choose({ firstPaymentDate })
      },

      chooseAmount(initialAmount) {
        choose({ initialAmount }, { field: 'initialAmount', value: initialAmount })
      },

      choosePartialPayment(partialPayment) {
        choose({ partialPayment }, { field: 'partialPayment', value: partialPayment })
      },

      retry() {
        const { failure, saving, saveQueued, versionLocked } = get()
        if (!failure || saving || saveQueued || versionLocked) return
        if (failedChoice) set({ choice: failedChoice })
        void calculate()
      },

      wentOnline() {
        if (get().failure?.kind === 'connection') get().retry()
      },

      dismissAmountRefusal() {
        if (get().amountRefusal) set({ amountRefusal: null })
      },

      async save() {
        const { input, choice, result, versionLocked, saving, saveQueued, calculating, amountRefusal } = get()
        if (!input || !choice || !result || versionLocked || saving || saveQueued || amountRefusal) return
        // The press is for the plan being recalculated: it is saved when its result is on screen.
        if (calculating) {
          set({ saveQueued: true })
          return
        }
        await carryOutSave()
      },

      async previewSchedule() {
        const { input, choice, result, mode, saving, calculating, amortization } = get()
        // A schedule already on screen is the one for this plan: every change of plan clears it.
        if (!input || !choice || !result || saving || calculating || amortization || previewInFlight) return
        const embedded = mode === 'embedded'
        const controller = new AbortController()
        previewInFlight = controller
        set({ schedulePreview: 'loading' })
        try {
          const table = await (await api()).frontCalculateFees(
            previewPayload(input, choice),
            usesAnonymousEndpoints(input, embedded),
            controller.signal,
          )
          if (controller.signal.aborted) return
          set({ schedulePreview: 'idle', amortization: table })
        } catch (error) {
          if (controller.signal.aborted || isAbort(error)) return
          // Not a save, so no feeOptionSelectedEvent: the host asked for nothing. The screen says it failed.
          set({ schedulePreview: 'failed' })
          log('schedule preview failed', await describe(error))
        } finally {
          if (previewInFlight === controller) previewInFlight = null
        }
      },
    }
  })
}

export * from './state.ts'
