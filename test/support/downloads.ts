/**
 * A PDF a page offered for download (TestPage.downloaded), read back in Node as poppler reads it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keepPdfPicture } from './pictures.ts'

/** Runs `read` on `bytes` written to a PDF file of their own, removed after. */
function withPdfFile<T>(bytes: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'fees-pdf-'))
  try {
    const file = join(dir, 'plan.pdf')
    writeFileSync(file, bytes)
    return read(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A PDF's text as poppler's pdftotext lays it out, its spaces (Intl's narrow and no-break ones too) as one. */
const readPdf = (file: string) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \u00a0\u202f]+/g,
    ' ',
  )

/** A PDF's text (readPdf). */
export const pdfText = (bytes: Buffer): string => withPdfFile(bytes, readPdf)

/**
 * A downloaded PDF read back: its text (readPdf). With pictures asked for (test/support/pictures.ts) it is also kept
 * as `<name>.pdf`, its first page as `<name>.png`, to look at.
 */
export function keepPdf(bytes: Buffer, name: string): { text: string } {
  keepPdfPicture(name, bytes)
  return { text: pdfText(bytes) }
}

/** A PDF's metadata as poppler's pdfinfo prints them. */
export const pdfInfo = (bytes: Buffer): string =>
  withPdfFile(bytes, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }))
