import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import type { Language } from '../../domain/language.ts'
import type { AmortizationTable } from '../../domain/types.ts'
import { BeforeAndNow } from '../before-and-now/BeforeAndNow.tsx'
import { Comparison } from '../compare/Comparison.tsx'
import { useCalculator, useCalculatorContext } from '../context.ts'
import { downloadFile } from '../downloads/download.ts'
import PlanDownloads from '../downloads/PlanDownloads.tsx'
import { downloadWordsOf, loadDownloadWords } from '../downloads/texts.ts'
import { formattersFor } from '../format.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { useLanguagePiece } from '../useChunk.ts'
import { scheduleCsv } from './csv.ts'
import scheduleCss from './schedule.css?inline'

// The comparison's rules travel with its view (src/store/comparison.ts).
export { comparisonRules } from '../../store/comparison.ts'

export interface ScheduleProps {
  table: AmortizationTable
  language: Language
}

/**
 * The saved version the plan replaces beside it (before and now), the comparison of fee counts when it is open, the
 * plan's downloads (offered as soon as there is a plan, schedule or not) and the dated amortization schedule a save
 * or the schedule button returned, with its CSV download, in the downloads' words (src/ui/downloads/texts.ts):
 * drawn once they are here.
 */
export default function PlanParts({ table, language }: { table: AmortizationTable | null; language: Language }) {
  const words = useKeepWords(language)
  const comparing = useCalculator((s) => s.comparisonOpen)
  if (!words) return null
  return (
    <>
      <BeforeAndNow words={words} />
      {comparing && <Comparison words={words} />}
      <PlanDownloads words={words} />
      {table && table.fees.length > 0 && <Schedule table={table} language={language} words={words} />}
    </>
  )
}

const DOWNLOAD_WORDS = { has: (language: Language) => downloadWordsOf(language) !== undefined, load: loadDownloadWords }

/**
 * The downloads' words in the card's language, once on hand; meanwhile those of the language shown before (a
 * switch changes every word at once). Words that cannot be fetched are reported as a failed chunk, and the schedule
 * speaks Spanish, as the card does.
 */
function useKeepWords(language: Language): I18n | null {
  const { reportChunkFailure, words: card } = useCalculatorContext()
  // While the schedule is shown, the card switches language once these words are here too: every word at once.
  useEffect(() => card.show(DOWNLOAD_WORDS), [card])
  const ready = downloadWordsOf(language)
  const unreachable = useLanguagePiece(language, ready !== undefined, loadDownloadWords, reportChunkFailure)
  const shown = useRef<I18n | null>(null)
  const words = ready ?? (unreachable ? (downloadWordsOf('es') ?? null) : shown.current)
  useLayoutEffect(() => {
    shown.current = words
  })
  return words
}

/** The dated amortization schedule, with its CSV download. */
function Schedule({ table, language, words }: ScheduleProps & { words: I18n }) {
  const t = (descriptor: MessageDescriptor) => words._(descriptor)
  // Names the CSV file: the contract and version it belongs to.
  const fileTag = useCalculator(
    (s) =>
      [s.input?.contractId, s.versionNumber === null ? null : `v${s.versionNumber}`].filter(Boolean).join('-') ||
      'plan',
  )
  const titleId = useId()
  const { shadowRoot } = useCalculatorContext()
  const title = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [scheduleCss])
  }, [shadowRoot])
  useEffect(() => {
    // The button that asked for the schedule goes when it arrives, leaving the focus on the page's body (the
    // element does not take React's hand-back of it, see its focus()): it moves to the schedule instead. Focus anywhere else (SAVE, the host page) is left alone.
    const heading = title.current
    const active = heading?.ownerDocument.activeElement
    if (heading && (!active || active === heading.ownerDocument.body)) heading.focus()
  }, [])
  const format = formattersFor(language, table.currency)
  const headers = {
    number: t(msg`No.`),
    dueDate: t(msg`Due date`),
    fee: t(msg`Fee`),
    interest: t(msg`Interest`),
    principal: t(msg`Principal`),
    balance: t(msg`Outstanding balance`),
  }
  const download = () => {
    const fileName = `${t(msg`payment-schedule`)}-${fileTag}.csv`.replace(/[^\p{L}\p{N}._-]+/gu, '-')
    downloadFile(new Blob([scheduleCsv(table, language, headers)], { type: 'text/csv;charset=utf-8' }), fileName)
  }
  return (
    <section className="fc-schedule" part="schedule" aria-labelledby={titleId}>
      <div className="fc-schedule-head">
        <h3 className="fc-schedule-title" id={titleId} ref={title} tabIndex={-1}>
          {t(msg`Amortization schedule`)}
        </h3>
        <button type="button" className="fc-button fc-button--secondary" data-download="csv" onClick={download}>
          {t(msg`Download CSV`)}
        </button>
      </div>
      {/* A labelled region that takes the focus, so that a keyboard user can scroll a schedule wider than the widget. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (WCAG 2.1.1). */}
      <section className="fc-table-scroll" tabIndex={0} aria-label={t(msg`Amortization schedule`)}>
        <table className="fc-table">
          <thead>
            <tr>
              <th scope="col">{headers.number}</th>
              <th scope="col">{headers.dueDate}</th>
              <th scope="col">{headers.fee}</th>
              <th scope="col">{headers.interest}</th>
              <th scope="col">{headers.principal}</th>
              <th scope="col">{headers.balance}</th>
            </tr>
          </thead>
          <tbody>
            {table.fees.map((fee) => (
              <tr key={fee.number}>
                <td data-label={headers.number}>{fee.number}</td>
                <td data-label={headers.dueDate}>{format.date(fee.dueDate)}</td>
                <td data-label={headers.fee}>{format.money(fee.fee)}</td>
                <td data-label={headers.interest}>{format.money(fee.interest)}</td>
                <td data-label={headers.principal}>{format.money(fee.principal)}</td>
                <td data-label={headers.balance}>{format.money(fee.balance)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t(msg`Total`)}
              </th>
              <td data-label={headers.fee}>{format.money(table.totals.finalFee)}</td>
              <td data-label={headers.interest}>{format.money(table.totals.interests)}</td>
              <td data-label={headers.principal}>{format.money(table.totals.amountToFinance)}</td>
              <td className="fc-empty-cell" />
            </tr>
          </tfoot>
        </table>
      </section>
    </section>
  )
}
