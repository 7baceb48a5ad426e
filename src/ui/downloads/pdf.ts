import { jsPDF } from 'jspdf'
import { MARGIN, PAGE_HEIGHT, PAGE_WIDTH, ROW, type ScheduleTexts, winAnsi, writeSchedule } from './layout.ts'
import { type DownloadablePlan, isSaved } from './plan.ts'

export { loadCreditWords } from './credit/catalogues.ts'
// The credit information form is made in this chunk too, with the same jsPDF.
export { creditInformationPdf } from './credit/pdf.ts'
export { creditTexts } from './credit/texts.ts'

/** Left edge of the summary's values, unless a language's longest label needs more room. */
const VALUE_X = 200
/** Room between the longest label and the values. */
const LABEL_GAP = 12

/** Every text of the document, already in the widget's language (Lingui) and formatted as on screen (Intl). */
export interface PdfTexts extends ScheduleTexts {
  title: string
  /** "Simulation": the title and every page say it before saving. */
  simulation: string
  madeAt: string
  /** Rows of the summary: label and value, as on the card. */
  summary: Array<[string, string]>
  /** The representative example: amount, term, fee, TIN, TAE, cost and total in one sentence. */
  example: string
  scheduleTitle: string
  /** "n / N" */
  pageOf(page: number, pages: number): string
}

/** The plan as an A4 PDF with real text (selectable, searchable), its schedule over as many pages as it needs. */
export function planPdf(plan: DownloadablePlan, texts: PdfTexts, madeAt: Date): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true })
  const saved = isSaved(plan)
  const title = winAnsi(saved ? texts.title : `${texts.title} (${texts.simulation})`)
  doc.setProperties({ title, subject: title, creator: 'fees-calculator' })
  doc.setLanguage(plan.language as Parameters<jsPDF['setLanguage']>[0])
  doc.setCreationDate(madeAt)
  doc.setFont('helvetica', 'normal')

  let y = MARGIN
  const line = (text: string, size = 10, style: 'normal' | 'bold' = 'normal') => {
    doc.setFont('helvetica', style).setFontSize(size)
    for (const part of doc.splitTextToSize(winAnsi(text), PAGE_WIDTH - 2 * MARGIN) as string[]) {
      doc.text(part, MARGIN, y)
      y += size * 1.35
    }
  }
  line(title, 16, 'bold')
  y += 4
  line(texts.madeAt)
  y += 6
  // The values start after the longest label of this language ("Birfinantzatu beharreko zenbatekoa"), so no label
  // runs into its value.
  doc.setFont('helvetica', 'normal').setFontSize(10)
  const labelsEnd = Math.max(...texts.summary.map(([label]) => doc.getTextWidth(winAnsi(label))))
  const valueX = Math.max(VALUE_X, MARGIN + labelsEnd + LABEL_GAP)
  for (const [label, value] of texts.summary) {
    doc.setFont('helvetica', 'normal').text(winAnsi(label), MARGIN, y)
    doc.setFont('helvetica', 'bold')
    for (const part of doc.splitTextToSize(winAnsi(value), PAGE_WIDTH - MARGIN - valueX) as string[]) {
      doc.text(part, valueX, y)
      y += ROW
    }
  }
  y += 6
  line(texts.example, 10)
  y += 10
  line(texts.scheduleTitle, 12, 'bold')

  y = writeSchedule(doc, y, texts)

  const pages = doc.getNumberOfPages()
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal').setFontSize(8)
    const foot = saved ? texts.pageOf(page, pages) : `${texts.simulation} · ${texts.pageOf(page, pages)}`
    doc.text(winAnsi(foot), PAGE_WIDTH - MARGIN, PAGE_HEIGHT - MARGIN / 2, { align: 'right' })
    if (!saved) doc.text(winAnsi(texts.simulation.toUpperCase()), MARGIN, PAGE_HEIGHT - MARGIN / 2)
  }
  return new Uint8Array(doc.output('arraybuffer'))
}
