import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import type { Language } from '../../domain/language.ts'
import type { AmortizationTable } from '../../domain/types.ts'
import { useCalculator, useCalculatorContext } from '../context.ts'
import { formattersFor } from '../format.ts'

// The plan's downloads come in this chunk too, and are offered with or without the schedule (ScheduleSection).
export { default as PlanDownloads } from '../keep/PlanDownloads.tsx'

import { adoptStyles } from '../styles/adopt.ts'
import { downloadText, scheduleCsv } from './csv.ts'
import scheduleCss from './schedule.css?inline'

export interface ScheduleProps {
  table: AmortizationTable
  language: Language
}

/** The dated amortization schedule a save or the schedule button returned, with its CSV download. */
export default function Schedule({ table, language }: ScheduleProps) {
  const { t } = useLingui()
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
    number: t`No.`,
    dueDate: t`Due date`,
    fee: t`Fee`,
    interest: t`Interest`,
    principal: t`Principal`,
    balance: t`Outstanding balance`,
  }
  const download = () => {
    const fileName = `${t`payment-schedule`}-${fileTag}.csv`.replace(/[^\p{L}\p{N}._-]+/gu, '-')
    downloadText(scheduleCsv(table, language, headers), fileName)
  }
  return (
    <section className="fc-schedule" part="schedule" aria-labelledby={titleId}>
      <div className="fc-schedule-head">
        <h3 className="fc-schedule-title" id={titleId} ref={title} tabIndex={-1}>
          {t`Amortization schedule`}
        </h3>
        <button type="button" className="fc-button fc-button--secondary" data-download="csv" onClick={download}>
          {t`Download CSV`}
        </button>
      </div>
      {/* A labelled region that takes the focus, so that a keyboard user can scroll a schedule wider than the widget. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard (WCAG 2.1.1). */}
      <section className="fc-table-scroll" tabIndex={0} aria-label={t`Amortization schedule`}>
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
                {t`Total`}
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
