import type { I18n } from '@lingui/core'
import { useLayoutEffect, useState } from 'react'
import { useShallow } from 'zustand/shallow'
import type { Language } from '../../domain/language.ts'
import type { CalculatorState } from '../../store/calculator-store.ts'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { formattersFor } from '../format.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { pdfChunk } from './chunk.ts'
import downloadsCss from './downloads.css?inline'
import { planIcs, reminderDaysOf } from './ics.ts'
import type { KeptPlan } from './plan.ts'
import { downloadBlob, isSavedVersion, planFileName } from './plan.ts'
import { buttonTexts, icsTexts, pdfTexts } from './texts.ts'

/** The plan on screen as the files keep it, once its schedule is on hand. */
function keptPlanOf(s: CalculatorState, language: Language): KeptPlan | null {
  if (!s.amortization || !s.result) return null
  const saved = isSavedVersion(s)
  return {
    table: s.amortization,
    result: s.result,
    language,
    programme: s.input?.studyIdName ?? null,
    contractId: s.input?.contractId ?? null,
    versionNumber: saved ? s.versionNumber : null,
    versionHashCode: saved ? s.versionHashCode : null,
  }
}

/**
 * "Download the plan (PDF)" (before and after saving) and "Add the due dates to my calendar" (a saved plan
 * only), offered as soon as there is a plan, whether its schedule is open or not: a press before it is fetches the
 * schedule first (which then shows too). The PDF maker is a lazy chunk: fetched on the first press, or earlier on
 * hover or focus.
 */
export default function PlanDownloads({ words }: { words: I18n }) {
  const { reportChunkFailure, language, store, shadowRoot } = useCalculatorContext()
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [downloadsCss])
  }, [shadowRoot])
  const { previewSchedule, planDownloaded } = useActions()
  const { hasResult, saved, busy, reminderDays } = useCalculator(
    useShallow((s) => ({
      hasResult: s.result !== null,
      saved: isSavedVersion(s),
      // A plan being recalculated or saved (SAVE pressed included) is not the one the files would keep.
      busy: s.calculating || s.saving || s.saveQueued,
      reminderDays: s.config.reminderDays,
    })),
  )
  const [making, setMaking] = useState(false)
  const labels = buttonTexts(words)
  if (!hasResult) return null
  /** The plan with its schedule: the one on screen, else fetched now; null if it could not be (the card says so). */
  const plan = async (): Promise<KeptPlan | null> => {
    if (!store.getState().amortization) await previewSchedule()
    return keptPlanOf(store.getState(), language)
  }
  const prefetch = () => {
    pdfChunk.load().catch(() => {
      // Reported when the student presses the button, not on a hover.
    })
  }
  const make = async (kind: 'pdf' | 'ics') => {
    if (busy || making) return
    setMaking(true)
    try {
      const maker = kind === 'pdf' ? await pdfChunk.load() : null
      const kept = await plan()
      if (!kept) return
      const madeAt = new Date()
      const fileName = planFileName(kept, kind, madeAt)
      const blob = maker
        ? new Blob([maker.planPdf(kept, pdfTexts(kept, madeAt, words), madeAt) as BlobPart], {
            type: 'application/pdf',
          })
        : new Blob(
            [
              planIcs(
                kept,
                icsTexts(kept, words),
                formattersFor(language, kept.table.currency).money,
                madeAt,
                reminderDaysOf(reminderDays),
              ),
            ],
            { type: 'text/calendar' },
          )
      downloadBlob(blob, fileName)
      planDownloaded({ kind, fileName, ...versionOf(kept) })
    } catch (error) {
      reportChunkFailure(error)
    } finally {
      setMaking(false)
    }
  }
  const state = { 'aria-disabled': busy || undefined, 'aria-busy': making }
  return (
    <div className="fc-downloads" part="downloads">
      <button
        type="button"
        className="fc-button fc-button--secondary"
        data-download="pdf"
        {...state}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void make('pdf')}
      >
        {labels.pdf}
      </button>
      {saved && (
        <button
          type="button"
          className="fc-button fc-button--secondary"
          data-download="ics"
          {...state}
          onClick={() => void make('ics')}
        >
          {labels.ics}
        </button>
      )}
    </div>
  )
}

const versionOf = (plan: KeptPlan) => ({
  contractId: plan.contractId,
  versionNumber: plan.versionNumber,
  versionHashCode: plan.versionHashCode,
})
