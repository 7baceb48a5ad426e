import { defineChunk } from '../../lazy/chunk.ts'

/** The PDF maker (jsPDF): only when the student asks for the plan as a PDF (or hovers that button). */
export const pdfChunk = defineChunk('pdf', () => import('./pdf.ts'))
