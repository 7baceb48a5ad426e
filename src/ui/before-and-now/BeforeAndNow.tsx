import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useEffect, useId, useLayoutEffect, useState } from 'react'
import { useCalculator, useCalculatorContext } from '../context.ts'
import { replacedVersionOf } from '../downloads/plan.ts'
import { adoptStyles } from '../styles/adopt.ts'
import stackedTableCss from '../styles/stacked-table.css?inline'
import { useFormatters } from '../useFormatters.ts'
import css from './before-and-now.css?inline'
import { type BeforeAndNowRow, beforeAndNowRows, type FigureName } from './rows.ts'

/**
 * Before and now: the saved version a plan replaces beside the plan on screen (the monthly fee, the count, the first
 * and last due dates, the financing cost, the total and the TAE), once it has been read; each figure that changed is
 * marked in words ("Higher", "Earlier") as well as in colour, and a polite live region says once how many changed. A
 * version that could not be read is said instead, and the plan goes on without it.
 */
export function BeforeAndNow({ words }: { words: I18n }) {
  const t = (descriptor: MessageDescriptor) => words._(descriptor)
  const format = useFormatters()
  const { shadowRoot } = useCalculatorContext()
  const replaced = useCalculator(replacedVersionOf)
  const now = useCalculator((s) => s.result)
  const busy = useCalculator((s) => s.calculating)
  // Its figures, then its number: drawn once both are in (or the number could not be had), so that it is said once.
  const reading = useCalculator((s) => s.replaced?.reading === true)
  const titleId = useId()
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [stackedTableCss, css])
  }, [shadowRoot])
  const before = reading ? undefined : replaced?.saved?.result
  const rows = before && now ? beforeAndNowRows(before, now, format) : []
  const changed = rows.filter((row) => row.change !== 'same').length
  const number = replaced?.versionNumber
  const versionName = number == null ? t(msg`your saved plan`) : t(msg`version ${number}`)
  const message = !rows.length
    ? ''
    : changed
      ? t(
          msg({
            message: plural(changed, {
              one: `This plan replaces ${versionName}: # figure changes.`,
              other: `This plan replaces ${versionName}: # figures change.`,
            }),
          }),
        )
      : t(msg`This plan replaces ${versionName}: no figure changes.`)
  // Filled once the region is on the page (a region born with its text is not read), and then only when what it says
  // changes: a screen reader hears it once, not again with every recalculation that changes the same figures.
  const [spoken, setSpoken] = useState('')
  useEffect(() => setSpoken(message), [message])

  if (!replaced || !now) return null
  if (replaced.failed)
    return (
      <p className="fc-before-now-note" part="before-and-now" role="status" data-replaced="unread">
        {t(
          msg`The saved plan this one replaces could not be read, so it is not shown beside it. This plan's figures are complete.`,
        )}
      </p>
    )
  if (!before) return null

  const savedOn = replaced.saved?.savedAt ? format.date(replaced.saved.savedAt) : null
  const headers = { figure: t(msg`Figure`), before: t(msg`Before`), now: t(msg`Now`), change: t(msg`Change`) }
  const labels: Record<FigureName, string> = {
    feeAmount: t(msg`Monthly fee`),
    totalFees: t(msg`Number of fees`),
    firstDueDate: t(msg`First due date`),
    lastDueDate: t(msg`Last due date`),
    interests: t(msg`Financing cost`),
    finalFee: t(msg`Total to pay`),
    tae: t(msg`APR (TAE)`),
  }
  const changeWord = ({ kind, change }: BeforeAndNowRow) => {
    if (change === 'same') return t(msg`No change`)
    const up = change === 'up'
    if (kind === 'count') return up ? t(msg`More`) : t(msg`Fewer`)
    if (kind === 'date') return up ? t(msg`Later`) : t(msg`Earlier`)
    return up ? t(msg`Higher`) : t(msg`Lower`)
  }
  return (
    <section className="fc-before-now" part="before-and-now" aria-labelledby={titleId}>
      <h3 className="fc-before-now-title" id={titleId}>
        {t(msg`Before and now`)}
      </h3>
      <p className="fc-before-now-caption" data-replaced={replaced.versionHashCode}>
        {savedOn ? t(msg`Before: ${versionName} (saved on ${savedOn}).`) : t(msg`Before: ${versionName}.`)}
      </p>
      <table className="fc-before-now-table fc-stacked-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{headers.figure}</th>
            <th scope="col">{headers.before}</th>
            <th scope="col">{headers.now}</th>
            <th scope="col">{headers.change}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-figure={row.name} data-change={row.change}>
              <th scope="row">{labels[row.name]}</th>
              <td data-label={headers.before}>{row.before}</td>
              <td data-label={headers.now}>{row.now}</td>
              <td data-label={headers.change}>
                <span className="fc-before-now-change">{changeWord(row)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="fc-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announce="changes">
        {spoken}
      </p>
    </section>
  )
}
