import type { I18n } from '@lingui/core'
import { useState } from 'react'
import { useShallow } from 'zustand/shallow'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { formattersFor } from '../format.ts'
import { pdfChunk } from './chunk.ts'
import { planIcs } from './ics.ts'
import type { KeptPlan } from './plan.ts'
import { downloadBlob, isSaved, planFileName } from './plan.ts'
import { buttonTexts, icsTexts, pdfTexts } from './texts.ts'

/**
 * "Download the plan (PDF)" (before and after saving) and "Add the due dates to my calendar" (a saved plan
 * only). The PDF maker is a lazy chunk: fetched on the first press, or earlier on hover or focus.
 */
export default function PlanDownloads({ words }: { words: I18n }) {
  const { reportChunkFailure, language } = useCalculatorContext()
  const { planDownloaded } = useActions()
  const state = useCalculator(
    useShallow((s) => ({
      table: s.amortization,
      result: s.result,
      input: s.input,
      versionNumber: s.versionNumber,
      versionHashCode: s.versionHashCode,
    })),
  )
  const [busy, setBusy] = useState(false)
  const labels = buttonTexts(words)
  if (!state.table || !state.result) return null
  const plan: KeptPlan = {
    table: state.table,
    result: state.result,
    language,
    programme: state.input?.studyIdName ?? null,
    contractId: state.input?.contractId ?? null,
    versionNumber: state.versionNumber,
    versionHashCode: state.versionNumber === null ? null : state.versionHashCode,
  }
  const prefetch = () => {
    pdfChunk.load().catch(() => {
      // Reported when the student presses the button, not on a hover.
    })
  }
  const downloadPdf = async () => {
    setBusy(true)
    try {
      const maker = await pdfChunk.load()
      const madeAt = new Date()
      const fileName = planFileName(plan, 'pdf', madeAt)
      const bytes = maker.planPdf(plan, pdfTexts(plan, madeAt, words), madeAt)
      downloadBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), fileName)
      planDownloaded({ kind: 'pdf', fileName, ...versionOf(plan) })
    } catch (error) {
      reportChunkFailure(error)
    } finally {
      setBusy(false)
    }
  }
  const downloadIcs = () => {
    const madeAt = new Date()
    const format = formattersFor(plan.language, plan.table.currency)
    const texts = icsTexts(plan, words)
    const fileName = planFileName(plan, 'ics', madeAt)
    downloadBlob(new Blob([planIcs(plan, texts, format.money, madeAt)], { type: 'text/calendar' }), fileName)
    planDownloaded({ kind: 'ics', fileName, ...versionOf(plan) })
  }
  return (
    <>
      <button
        type="button"
        className="fc-button fc-button--secondary"
        data-download="pdf"
        aria-busy={busy}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void downloadPdf()}
      >
        {labels.pdf}
      </button>
      {isSaved(plan) && (
        <button type="button" className="fc-button fc-button--secondary" data-download="ics" onClick={downloadIcs}>
          {labels.ics}
        </button>
      )}
    </>
  )
}

const versionOf = (plan: KeptPlan) => ({
  contractId: plan.contractId,
  versionNumber: plan.versionNumber,
  versionHashCode: plan.versionHashCode,
})
