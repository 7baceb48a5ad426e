// The schedule asked for without saving, and the plan taken away as a file (the host hears of each download).
import { previewPayload, usesAnonymousEndpoints } from '../domain/payload.ts'
import { latestCall, type SliceContext } from './slice.ts'
import type { CalculatorActions, PreviewState } from './state.ts'

export const previewCleared: PreviewState = { amortization: null, schedulePreview: 'idle' }

/** A preview never cancels a calculation, but any new calculation or save makes it stale. */
export function createPreviewSlice({ set, get, deps, api, describe, links }: SliceContext) {
  const latest = latestCall(describe)
  links.cancel.push(() => latest.cancel())
  links.cancelPreview = () => {
    latest.cancel()
    if (get().schedulePreview !== 'idle') set({ schedulePreview: 'idle' })
  }

  return {
    ...previewCleared,

    async previewSchedule() {
      const { input, choice, result, mode, saving, calculating, amortization } = get()
      // A schedule already on screen is the one for this plan: every change of plan clears it.
      if (!input || !choice || !result || saving || calculating || amortization || latest.busy) return
      set({ schedulePreview: 'loading' })
      const outcome = await latest.run((signal) =>
        api.frontCalculateFees(
          previewPayload(input, choice),
          usesAnonymousEndpoints(input, mode === 'embedded'),
          signal,
        ),
      )
      if (!outcome) return
      if ('value' in outcome) {
        set({ schedulePreview: 'idle', amortization: outcome.value })
        return
      }
      // Not a save, so no feeOptionSelectedEvent: the host asked for nothing. The screen says it failed.
      set({ schedulePreview: 'failed' })
      deps.log('schedule preview failed', outcome.error)
    },

    planDownloaded(detail) {
      deps.emit('planDownloadEvent', detail)
    },
  } satisfies PreviewState & Pick<CalculatorActions, 'previewSchedule' | 'planDownloaded'>
}
