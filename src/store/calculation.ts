// The calculation: the student's choices, each recalculated (the latest choice wins), its failures said on the
// card with Try again, and the table of a saved version loaded by hash.
import { toIsoDate } from '@fees-calculator/contract'
import { languageOfTag, spokenLanguage } from '../domain/language.ts'
import { calculationPayload, choiceOf, type PlanChoice, usesAnonymousEndpoints } from '../domain/payload.ts'
import type { FeesTableResult, TuitionInput } from '../domain/types.ts'
import { amountRefusalOf, calculationFailureOf, failureOf } from './failures.ts'
import { type AmountChange, latestCall, type SliceContext } from './slice.ts'
import type { CalculationState, CalculatorActions } from './state.ts'

type CalculationActions = Pick<
  CalculatorActions,
  | 'chooseFeeCount'
  | 'chooseDate'
  | 'chooseAmount'
  | 'choosePartialPayment'
  | 'retry'
  | 'wentOnline'
  | 'dismissAmountRefusal'
>

export const calculationCleared: CalculationState = {
  result: null,
  choice: null,
  calculating: false,
  failure: null,
  amountRefusal: null,
}

/**
 * A calculation that a newer one supersedes is cancelled and its late answer dropped, so at most one is in
 * flight and the screen always shows the answer to the last choice. A save pending or under way is for the
 * plan on screen: nothing changes it until it answers.
 */
export function createCalculationSlice({ set, get, deps, api, describe, links }: SliceContext) {
  const latest = latestCall(describe)
  // The choice whose calculation failed: Try again resends it, not the one the controls went back to.
  let failedChoice: PlanChoice | null = null
  links.cancel.push(() => {
    latest.cancel()
    failedChoice = null
  })

  /** A result on screen: the figures, the controls, and the host told. */
  const accept = (result: FeesTableResult) => {
    set({
      result,
      choice: choiceOf(result),
      calculating: false,
      versionLocked: false,
      amortization: null,
      planSent: false,
      savedVersion: null,
    })
    deps.emit('calculationResultReceivedEvent', result)
    links.refreshComparison()
  }

  links.calculate = async (change?: AmountChange) => {
    const { input, choice, result, mode } = get()
    if (!input) return
    links.cancelPreview()
    links.cancelComparison()
    set({ calculating: true, failure: null })
    const body = calculationPayload(input, choice ?? undefined)
    const anonymous = usesAnonymousEndpoints(input, mode === 'embedded')
    const outcome = await latest.run((signal) => api.calculateFeeOptions(body, anonymous, signal))
    if (!outcome) return
    if ('error' in outcome) {
      const { error } = outcome
      // The controls go back to what the figures on screen stand for; an amount the API refused stays in its
      // field, which says why, and any other failure is said on the card with a way to send it again.
      const amountRefusal = amountRefusalOf(change, error)
      const embedded = get().mode === 'embedded'
      failedChoice = choice
      set({
        calculating: false,
        choice: result ? choiceOf(result) : null,
        ...(embedded
          ? amountRefusal
            ? { amountRefusal }
            : { failure: calculationFailureOf(error), amountRefusal: null }
          : {}),
      })
      if (embedded) deps.emit('invalidTuitionEvent', failureOf(error))
      else deps.log('calculation failed', error)
      links.refreshComparison()
      await links.afterRecalculation(error)
      return
    }
    failedChoice = null
    set({ amountRefusal: null })
    accept(outcome.value)
    await links.afterRecalculation(null)
  }

  links.loadTable = (versionHashCode) => {
    void (async () => {
      const outcome = await latest.run((signal) => api.feesTable(versionHashCode, signal))
      if (!outcome) return
      if ('error' in outcome) {
        set({ calculating: false })
        deps.log('fees table load failed', outcome.error)
        return
      }
      const { result, tuitionInput } = outcome.value
      const input: TuitionInput = { ...tuitionInput, token: null }
      // The page's language when the widget speaks it (read now: a later change of `lang` shows on the next load).
      set({ input, language: spokenLanguage(deps.pageLanguage() ?? '') ?? languageOfTag(input.language) })
      accept(result)
      set({ savedVersion: versionHashCode })
      await links.fetchVersionNumber(versionHashCode, input.contractId)
    })()
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
    void links.calculate(change)
  }

  return {
    ...calculationCleared,

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
      // A refused request would be refused again: the student changes a choice instead.
      if (!failure || failure.kind === 'refused' || saving || saveQueued || versionLocked) return
      if (failedChoice) set({ choice: failedChoice })
      void links.calculate()
    },

    wentOnline() {
      if (get().failure?.kind === 'connection') get().retry()
    },

    dismissAmountRefusal() {
      if (get().amountRefusal) set({ amountRefusal: null })
    },
  } satisfies CalculationState & CalculationActions
}
