import type { jsPDF } from 'jspdf'

/** A schedule's words and figures: one row a fee, then the totals of the fee, interest and principal columns. */
export interface ScheduleTexts {
  headers: [string, string, string, string, string, string]
  total: string
  rows: Array<[string, string, string, string, string, string]>
  totals: [string, string, string]
}

// The standard fonts carry WinAnsi: every Latin letter of the widget's languages and the euro sign, not U+202F,
// which Intl puts between a figure and "%" or the currency in some locales.
export const winAnsi = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0')

export const MARGIN = 48
export const PAGE_WIDTH = 595.28
export const PAGE_HEIGHT = 841.89
export const ROW = 15
/** Right edges of the amount columns, left edges of number and date. */
const COLUMNS = [MARGIN, MARGIN + 40, 300, 370, 450, PAGE_WIDTH - MARGIN] as const

/**
 * The schedule as a table from `y` down, its headings repeated on each new page it takes, the totals last: the
 * y below it.
 */
export function writeSchedule(doc: jsPDF, top: number, texts: ScheduleTexts): number {
  let y = top
  const cells = (values: readonly string[], style: 'normal' | 'bold') => {
    doc.setFont('helvetica', style).setFontSize(9)
    doc.text(winAnsi(values[0] ?? ''), COLUMNS[0], y)
    doc.text(winAnsi(values[1] ?? ''), COLUMNS[1], y)
    for (let i = 2; i < 6; i++) doc.text(winAnsi(values[i] ?? ''), COLUMNS[i] ?? 0, y, { align: 'right' })
    y += ROW
  }
  const heading = () => {
    cells(texts.headers, 'bold')
    doc.setLineWidth(0.5).line(MARGIN, y - ROW + 4, PAGE_WIDTH - MARGIN, y - ROW + 4)
  }
  heading()
  for (const row of texts.rows) {
    if (y > PAGE_HEIGHT - MARGIN - 2 * ROW) {
      doc.addPage()
      y = MARGIN
      heading()
    }
    cells(row, 'normal')
  }
  if (y > PAGE_HEIGHT - MARGIN - 2 * ROW) {
    doc.addPage()
    y = MARGIN
    heading()
  }
  doc.setLineWidth(0.5).line(MARGIN, y - ROW + 4, PAGE_WIDTH - MARGIN, y - ROW + 4)
  cells([texts.total, '', ...texts.totals, ''], 'bold')
  return y
}
