import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useEffect, useId, useState } from 'react'
import { useShallow } from 'zustand/shallow'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { pdfChunk } from './chunk.ts'
import { downloadablePlanOf, planFileName } from './plan.ts'
import { planLinkOf, planUrlProblem } from './share.ts'
import { pdfTexts, shareTexts } from './texts.ts'

/** How the link reached the student's hands when no share sheet took it. */
type Shown = { link: string; copied: boolean }

/**
 * "Send to whoever pays", for a saved plan on a page that gave a `plan-url`: the device's share sheet (Web Share
 * API) with the plan's link, and its PDF where the device shares files and the PDF can be made at once (its maker
 * on hand from a hover or focus, the schedule on screen: a wait would cost the press that lets the sheet open);
 * elsewhere the link is copied, and the card says so and shows it; where it cannot be copied either, the card shows
 * it to copy by hand. The host hears of each link sent (`planShareEvent`).
 */
export function SendToPayer({ words, prefetch }: { words: I18n; prefetch: () => void }) {
  const t = (descriptor: MessageDescriptor) => words._(descriptor)
  const { store, language } = useCalculatorContext()
  const { planShared } = useActions()
  const { pattern, hash } = useCalculator(useShallow((s) => ({ pattern: s.config.planUrl, hash: s.savedVersion })))
  const [shown, setShown] = useState<Shown | null>(null)
  const fieldId = useId()
  useEffect(() => {
    const problem = planUrlProblem(pattern)
    if (problem) console.warn(`[fees-calculator] ${problem}`)
  }, [pattern])
  const link = hash ? planLinkOf(pattern, hash, document.baseURI) : null
  if (!link || !hash) return null

  const send = async () => {
    const s = store.getState()
    const plan = downloadablePlanOf(s, language)
    const { title, text } = shareTexts(
      { programme: s.input?.studyIdName ?? null, versionNumber: s.versionNumber, result: s.result!, language },
      words,
    )
    const sent = {
      url: link,
      contractId: s.input?.contractId ?? null,
      versionNumber: s.versionNumber,
      versionHashCode: hash,
    }
    if (typeof navigator.share === 'function') {
      const data: ShareData = { title, text, url: link }
      const maker = pdfChunk.loaded()
      if (maker && plan) {
        const madeAt = new Date()
        const pdf = maker.planPdf(plan, pdfTexts(plan, madeAt, words), madeAt)
        const file = new File([pdf as BlobPart], planFileName(plan, 'pdf', madeAt), { type: 'application/pdf' })
        if (navigator.canShare?.({ files: [file] })) data.files = [file]
      }
      try {
        await navigator.share(data)
        planShared({ method: 'share', withPdf: data.files !== undefined, ...sent })
        return
      } catch (error) {
        // The student closed the sheet: nothing to say. A device that refused it copies instead.
        if ((error as Error | null)?.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(link)
      setShown({ link, copied: true })
      planShared({ method: 'copy', withPdf: false, ...sent })
    } catch {
      setShown({ link, copied: false })
    }
  }

  return (
    <>
      <button
        type="button"
        className="fc-button fc-button--secondary"
        data-share="payer"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void send()}
      >
        {t(msg`Send to whoever pays`)}
      </button>
      <div
        className="fc-share-note"
        role="status"
        data-shared={shown ? (shown.copied ? 'copied' : 'to-copy') : undefined}
      >
        {shown?.link === link ? (
          <>
            <label htmlFor={fieldId}>
              {shown.copied
                ? t(msg`Link copied. Send it to whoever pays:`)
                : t(msg`Copy this link and send it to whoever pays:`)}
            </label>
            <input
              id={fieldId}
              className="fc-share-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </>
        ) : null}
      </div>
    </>
  )
}
