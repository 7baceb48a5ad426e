// The schedule table of a plan's documents, worded once: the plan's PDF (texts.ts) and the credit information
// (credit/texts.ts) print the same table. Both catalogues hold its words (lingui.config.ts), so each document reads
// them with its own instance.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { formattersFor } from '../format.ts'
import type { ScheduleTexts } from './layout.ts'
import type { DownloadablePlan } from './plan.ts'

/** The table's headers, rows and totals, and the page numbers, in the instance's language. */
export function scheduleTexts(
  table: DownloadablePlan['table'],
  format: ReturnType<typeof formattersFor>,
  i18n: I18n,
): ScheduleTexts & { pageOf(page: number, pages: number): string } {
  return {
    headers: [
      i18n._(msg`No.`),
      i18n._(msg`Due date`),
      i18n._(msg`Fee`),
      i18n._(msg`Interest`),
      i18n._(msg`Principal`),
      i18n._(msg`Outstanding balance`),
    ],
    total: i18n._(msg`Total`),
    rows: table.fees.map((row) => [
      format.integer(row.number),
      format.date(row.dueDate),
      format.money(row.fee),
      format.money(row.interest),
      format.money(row.principal),
      format.money(row.balance),
    ]),
    totals: [
      format.money(table.totals.finalFee),
      format.money(table.totals.interests),
      format.money(table.totals.amountToFinance),
    ],
    pageOf: (page, pages) => `${i18n.number(page)} / ${i18n.number(pages)}`,
  }
}
