/**
 * A PDF a page offered for download (TestPage.downloaded), read back in Node as poppler reads it.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A PDF's text as poppler's pdftotext lays it out, its spaces (Intl's narrow and no-break ones too) as one. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'fees-pdf-'))
  try {
    writeFileSync(join(dir, 'plan.pdf'), bytes)
    return readPdf(join(dir, 'plan.pdf'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const readPdf = (file: string) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \u00a0\u202f]+/g,
    ' ',
  )

/** Keeps a PDF under `dir` as `<name>.pdf` with its first page as `<name>.png`, and gives its text (spaces as one). */
export function keepPdf(bytes: Buffer, dir: string, name: string): { file: string; text: string; png: string } {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, bytes)
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(dir, name)])
  const text = readPdf(file)
  return { file, text, png: join(dir, `${name}.png`) }
}
