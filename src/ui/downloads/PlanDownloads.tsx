import type { I18n } from '@lingui/core'
import { useLayoutEffect, useState } from 'react'
import { useShallow } from 'zustand/shallow'
import type { PlanDownloadDetail } from '../../events.ts'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { formattersFor } from '../format.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { pdfChunk } from './chunk.ts'
import { carriesInterest } from './credit/rules.ts'
import { downloadFile } from './download.ts'
import downloadsCss from './downloads.css?inline'
import { planIcs, reminderDaysOf } from './ics.ts'
import type { DownloadablePlan } from './plan.ts'
import { creditFileName, downloadablePlanOf, isSavedVersion, planFileName } from './plan.ts'
import { SendToPayer } from './SendToPayer.tsx'
import { buttonTexts, icsTexts, pdfTexts } from './texts.ts'
import { useLender } from './useLender.ts'

type Kind = PlanDownloadDetail['kind']

/**
 * "Download the plan (PDF)" (before and after saving), "Add the due dates to my calendar" (a saved plan only) and,
 * for a plan with interest, the standard European consumer credit information (an interest-free plan says it is
 * one instead), offered as soon as there is a plan, whether its schedule is open or not: a press before it is
 * fetches the schedule first (which then shows too); and, for a saved plan on a page that gave a `plan-url`, "Send
 * to whoever pays". The PDF maker is a lazy chunk: fetched on the first press, or earlier on hover or focus.
 */
export default function PlanDownloads({ words }: { words: I18n }) {
  const { reportChunkFailure, language, store, shadowRoot } = useCalculatorContext()
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [downloadsCss])
  }, [shadowRoot])
  const { previewSchedule, planDownloaded } = useActions()
  const { hasResult, credit, saved, busy, reminderDays, givenLender } = useCalculator(
    useShallow((s) => ({
      hasResult: s.result !== null,
      credit: s.result !== null && carriesInterest(s.result),
      saved: isSavedVersion(s),
      // A plan being recalculated or saved (SAVE pressed included) is not the one the files would keep.
      busy: s.calculating || s.saving || s.saveQueued,
      reminderDays: s.config.reminderDays,
      givenLender: s.config.lender,
    })),
  )
  const lender = useLender(givenLender)
  const [making, setMaking] = useState(false)
  const labels = buttonTexts(words)
  if (!hasResult) return null
  /** The plan with its schedule: the one on screen, else fetched now; null if it could not be (the card says so). */
  const plan = async (): Promise<DownloadablePlan | null> => {
    if (!store.getState().amortization) await previewSchedule()
    return downloadablePlanOf(store.getState(), language)
  }
  const prefetch = () => {
    pdfChunk.load().catch(() => {
      // Reported when the student presses the button, not on a hover.
    })
  }
  const make = async (kind: Kind) => {
    if (busy || making) return
    setMaking(true)
    try {
      const maker = kind === 'ics' ? null : await pdfChunk.load()
      const creditWords = kind === 'credit-information' ? await maker?.loadCreditWords(language) : undefined
      const kept = await plan()
      if (!kept) return
      const madeAt = new Date()
      const fileName = kind === 'credit-information' ? creditFileName(kept, madeAt) : planFileName(kept, kind, madeAt)
      const pdf = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/pdf' })
      const blob = maker
        ? pdf(
            creditWords
              ? maker.creditInformationPdf(maker.creditTexts(kept, lender, madeAt, creditWords), language, madeAt)
              : maker.planPdf(kept, pdfTexts(kept, madeAt, words), madeAt),
          )
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
      downloadFile(blob, fileName)
      planDownloaded({ kind, fileName, ...versionOf(kept) })
    } catch (error) {
      reportChunkFailure(error)
    } finally {
      setMaking(false)
    }
  }
  // Each file's button: inactive while the plan is busy, busy while a file is made; the PDFs' maker is fetched as
  // the student points at or reaches one.
  const button = (kind: Kind, label: string) => (
    <button
      type="button"
      className="fc-button fc-button--secondary"
      data-download={kind}
      aria-disabled={busy || undefined}
      aria-busy={making}
      {...(kind === 'ics' ? {} : { onPointerEnter: prefetch, onFocus: prefetch })}
      onClick={() => void make(kind)}
    >
      {label}
    </button>
  )
  return (
    <div className="fc-downloads" part="downloads">
      {!credit && (
        <p className="fc-downloads-note" data-note="interest-free">
          {labels.interestFree}
        </p>
      )}
      {button('pdf', labels.pdf)}
      {credit && button('credit-information', labels.credit)}
      {saved && button('ics', labels.ics)}
      {saved && <SendToPayer words={words} prefetch={prefetch} />}
    </div>
  )
}

const versionOf = (plan: DownloadablePlan) => ({
  contractId: plan.contractId,
  versionNumber: plan.versionNumber,
  versionHashCode: plan.versionHashCode,
})
