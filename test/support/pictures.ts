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

/** The path of `file` in test-results/screens, the folder made if need be. */
function shot(file: string): string {
  mkdirSync(SHOTS_DIR, { recursive: true })
  return join(SHOTS_DIR, file)
}

/** Writes `png` as `<name>.png` in test-results/screens. */
export function keepPicture(name: string, png: Buffer): void {
  writeFileSync(shot(`${name}.png`), png)
}

/** Keeps a PDF as `<name>.pdf` in test-results/screens with its first page as `<name>.png`, when pictures are asked for. */
export function keepPdfPicture(name: string, bytes: Buffer): void {
  if (!picturesAsked()) return
  const file = shot(`${name}.pdf`)
  writeFileSync(file, bytes)
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, shot(name)])
}
