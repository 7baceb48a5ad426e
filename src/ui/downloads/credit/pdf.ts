import { jsPDF } from 'jspdf'
import type { Language } from '../../../domain/language.ts'
import { MARGIN, PAGE_HEIGHT, PAGE_WIDTH, ROW, winAnsi, writeSchedule } from '../layout.ts'
import type { CreditTexts } from './texts.ts'

/** The labels' column: wide enough for "Costs in the case of late payments" on two lines in every language. */
const LABEL_WIDTH = 170
const GAP = 14
const VALUE_X = MARGIN + LABEL_WIDTH + GAP
const VALUE_WIDTH = PAGE_WIDTH - MARGIN - VALUE_X
const LINE = 12.5
const NOTE_LINE = 10
/** Room kept below a row. */
const ROW_GAP = 5

/**
 * The standard European consumer credit information as an A4 PDF with real text: the key information on the first
 * page, then the Annex's five sections, the instalments' schedule within the second.
 */
export function creditInformationPdf(texts: CreditTexts, language: Language, madeAt: Date): Uint8Array {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', compress: true })
  const title = winAnsi(texts.title)
  doc.setProperties({ title, subject: title, creator: 'fees-calculator' })
  doc.setLanguage(language as Parameters<jsPDF['setLanguage']>[0])
  doc.setCreationDate(madeAt)

  let y = MARGIN
  const room = (height: number) => {
    if (y + height <= PAGE_HEIGHT - MARGIN) return
    doc.addPage()
    y = MARGIN
  }
  const split = (text: string, width: number, size: number, style: 'normal' | 'bold' | 'italic') => {
    doc.setFont('helvetica', style).setFontSize(size)
    return doc.splitTextToSize(winAnsi(text), width) as string[]
  }
  const lines = (text: string, size: number, style: 'normal' | 'bold' | 'italic', step: number) => {
    for (const part of split(text, PAGE_WIDTH - 2 * MARGIN, size, style)) {
      doc.setFont('helvetica', style).setFontSize(size)
      doc.text(part, MARGIN, y)
      y += step
    }
  }

  lines(texts.title, 15, 'bold', 19)
  y += 2
  lines(texts.given, 9, 'normal', 12)
  if (texts.notice) lines(texts.notice, 9, 'italic', 12)

  for (const part of texts.parts) {
    y += 10
    const heading = split(part.heading, PAGE_WIDTH - 2 * MARGIN, 11.5, 'bold')
    // A heading is never the last line of a page.
    room(heading.length * 15 + 2 * LINE)
    for (const text of heading) {
      doc.setFont('helvetica', 'bold').setFontSize(11.5).text(text, MARGIN, y)
      y += 15
    }
    doc.setLineWidth(0.5).line(MARGIN, y - 11, PAGE_WIDTH - MARGIN, y - 11)
    y += 2
    for (const row of part.rows) {
      const label = split(row.label, LABEL_WIDTH, 9.5, 'normal')
      const value = split(row.value, VALUE_WIDTH, 9.5, 'bold')
      const note = row.note ? split(row.note, VALUE_WIDTH, 8, 'italic') : []
      const height = Math.max(label.length * LINE, value.length * LINE + note.length * NOTE_LINE) + ROW_GAP
      room(height)
      doc.setFont('helvetica', 'normal').setFontSize(9.5)
      label.forEach((text, i) => {
        doc.text(text, MARGIN, y + i * LINE)
      })
      doc.setFont('helvetica', 'bold').setFontSize(9.5)
      value.forEach((text, i) => {
        doc.text(text, VALUE_X, y + i * LINE)
      })
      doc.setFont('helvetica', 'italic').setFontSize(8)
      note.forEach((text, i) => {
        doc.text(text, VALUE_X, y + value.length * LINE + i * NOTE_LINE)
      })
      y += height
      if (row.schedule) {
        y += 4
        room(4 * ROW)
        y = writeSchedule(doc, y, texts) + 4
      }
    }
  }

  const pages = doc.getNumberOfPages()
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page)
    doc.setFont('helvetica', 'normal').setFontSize(8)
    doc.text(winAnsi(texts.pageOf(page, pages)), PAGE_WIDTH - MARGIN, PAGE_HEIGHT - MARGIN / 2, { align: 'right' })
    doc.text(title, MARGIN, PAGE_HEIGHT - MARGIN / 2)
  }
  return new Uint8Array(doc.output('arraybuffer'))
}
