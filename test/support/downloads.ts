/**
 * The files a page offered for download (recorded by the engine pages' probe, test/support/page-server.ts), read
 * back in Node: a PDF's bytes as written, and its text and words' boxes as poppler reads them.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TestPage } from './engines.ts'

interface ProbedWindow {
  __probe: { downloads: { name: string; blob: Blob }[] }
}

/** Waits until the page has offered `count` files. */
export const offered = (page: TestPage, count: number) =>
  page.waitFor(`${count} download(s)`, (n) => (window as unknown as ProbedWindow).__probe.downloads.length >= n, count)

/** The `index`-th file the page offered: its name, type and bytes. */
export async function downloaded(
  page: TestPage,
  index: number,
): Promise<{ name: string; type: string; bytes: Buffer }> {
  const file = await page.evaluate(async (i) => {
    const { name, blob } = (window as unknown as ProbedWindow).__probe.downloads[i]!
    const bytes = new Uint8Array(await blob.arrayBuffer())
    let binary = ''
    for (const byte of bytes) binary += String.fromCharCode(byte)
    return { name, type: blob.type, base64: btoa(binary) }
  }, index)
  return { name: file.name, type: file.type, bytes: Buffer.from(file.base64, 'base64') }
}

/** Keeps a PDF under `dir` as `<name>.pdf` with its first page as `<name>.png`, and gives its text (spaces as one). */
export function keepPdf(bytes: Buffer, dir: string, name: string): { file: string; text: string; png: string } {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, bytes)
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(dir, name)])
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \u00a0\u202f]+/g,
    ' ',
  )
  return { file, text, png: join(dir, `${name}.png`) }
}
