/**
 * The pictures the browser tests take to be looked at (screenshots, a PDF's first page): written to
 * test-results/screens when asked for with SCREENS=1 (`npm run screens`), and always of a failing test's open pages.
 * A full run without them takes less time: a screenshot grows the viewport to the page's height and encodes a PNG,
 * and every test that asserts something of a picture's pixels takes its own.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const SHOTS_DIR = 'test-results/screens'

/** Whether the pictures to look at are asked for: SCREENS=1. */
export const picturesAsked = (): boolean => process.env.SCREENS === '1'

/** Writes `png` as `<name>.png` in test-results/screens; gives its path. */
export function keepPicture(name: string, png: Buffer): string {
  mkdirSync(SHOTS_DIR, { recursive: true })
  const file = join(SHOTS_DIR, `${name}.png`)
  writeFileSync(file, png)
  return file
}

/** Keeps a PDF as `<name>.pdf` in test-results/screens with its first page as `<name>.png`, when pictures are asked for. */
export function keepPdfPicture(name: string, bytes: Buffer): void {
  if (!picturesAsked()) return
  mkdirSync(SHOTS_DIR, { recursive: true })
  const file = join(SHOTS_DIR, `${name}.pdf`)
  writeFileSync(file, bytes)
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(SHOTS_DIR, name)])
}
