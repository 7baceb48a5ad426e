import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { useShallow } from 'zustand/shallow'
import { selectEditable, selectSaveBusy } from '../../store/calculator-store.ts'
import type { ComparisonRow } from '../../store/state.ts'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { adoptStyles } from '../styles/adopt.ts'
import stackedTableCss from '../styles/stacked-table.css?inline'
import { useFormatters } from '../useFormatters.ts'
import compareCss from './compare.css?inline'

/**
 * The comparison of fee counts the Compare button opens: for each count, the monthly fee, the financing cost, the
 * total to pay and the TAE the API answered, in a table whose row headers are the counts (a narrow widget stacks
 * each row as a small card). The chosen count is marked; pressing another chooses it, as the fee select does (not
 * while the plan is locked or a save is under way). A count that could not be calculated says so, with Try again
 * where it can succeed. A polite live region says when the figures are in.
 */
export function Comparison({ words }: { words: I18n }) {
  const t = (descriptor: MessageDescriptor) => words._(descriptor)
  const format = useFormatters()
  const { shadowRoot } = useCalculatorContext()
  const { chooseFeeCount, showComparison, retryComparison } = useActions()
  const { rows, chosen, busy } = useCalculator(
    useShallow((s) => ({ rows: s.comparison, chosen: s.choice?.numberOfFees ?? null, busy: s.calculating })),
  )
  const canChoose = useCalculator((s) => selectEditable(s) && !selectSaveBusy(s))
  const titleId = useId()
  const title = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [stackedTableCss, compareCss])
  }, [shadowRoot])
  // Opened from the button beside the fee select: the comparison comes into view, below the card on a phone.
  useEffect(() => title.current?.focus(), [])

  const headers = {
    count: t(msg`Number of fees`),
    fee: t(msg`Monthly fee`),
    cost: t(msg`Financing cost`),
    total: t(msg`Total to pay`),
    tae: t(msg`APR (TAE)`),
  }
  const countWords = (count: number) =>
    t(msg({ message: plural(count, { one: '# monthly fee', other: '# monthly fees' }) }))
  const settled = rows.length > 0 && rows.every((row) => row.result || row.failure)
  const close = () => {
    showComparison(false)
    const opener = (shadowRoot ?? document).querySelector<HTMLElement>('[part=compare-button]')
    opener?.focus()
  }

  const figures = (row: ComparisonRow) => {
    if (row.result) {
      const { feeAmount, interests, finalFee, tae } = row.result
      return (
        <>
          <td data-label={headers.fee}>{format.money(feeAmount)}</td>
          <td data-label={headers.cost}>{format.money(interests)}</td>
          <td data-label={headers.total}>{format.money(finalFee)}</td>
          <td data-label={headers.tae}>{format.rate(tae)}</td>
        </>
      )
    }
    const { failure } = row
    return (
      <td colSpan={4} className="fc-compare-note" data-failure={failure?.kind}>
        {!failure ? (
          t(msg`Calculating…`)
        ) : failure.kind === 'refused' ? (
          t(msg`Not offered for this plan.`)
        ) : (
          <>
            {t(msg`Could not be calculated.`)}{' '}
            <button type="button" className="fc-link-button" onClick={retryComparison}>
              {t(msg`Try again`)}
            </button>
          </>
        )}
      </td>
    )
  }

  return (
    <section className="fc-compare" part="comparison" aria-labelledby={titleId}>
      <div className="fc-compare-head">
        <h3 className="fc-compare-title" id={titleId} ref={title} tabIndex={-1}>
          {t(msg`Compare fee counts`)}
        </h3>
        <button type="button" className="fc-button fc-button--secondary" onClick={close}>
          {t(msg`Close`)}
        </button>
      </div>
      {canChoose ? <p className="fc-compare-hint">{t(msg`Press a number of fees to choose it.`)}</p> : null}
      <table className="fc-compare-table fc-stacked-table" aria-busy={busy || !settled}>
        <thead>
          <tr>
            <th scope="col">{headers.count}</th>
            <th scope="col">{headers.fee}</th>
            <th scope="col">{headers.cost}</th>
            <th scope="col">{headers.total}</th>
            <th scope="col">{headers.tae}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const current = row.count === chosen
            return (
              <tr key={row.count} data-count={row.count} aria-current={current || undefined}>
                <th scope="row">
                  {canChoose ? (
                    <button type="button" className="fc-link-button" onClick={() => chooseFeeCount(row.count)}>
                      {countWords(row.count)}
                    </button>
                  ) : (
                    countWords(row.count)
                  )}
                  {current ? <span className="fc-compare-chosen">{t(msg`Your choice`)}</span> : null}
                </th>
                {figures(row)}
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="fc-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {settled && !busy
          ? t(
              msg({
                message: plural(rows.length, {
                  one: 'Comparison ready: # fee count',
                  other: 'Comparison ready: # fee counts',
                }),
              }),
            )
          : ''}
      </p>
    </section>
  )
}
