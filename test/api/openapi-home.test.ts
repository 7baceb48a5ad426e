import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const REPO = new URL('../../', import.meta.url).pathname

function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * The OpenAPI document lives at the top of the repository so that the widget
 * and the reference server both depend on it; the published widget must never
 * reach into the demo.
 */
describe('where the OpenAPI document lives', () => {
  it('no file under src/ imports anything from demo/', () => {
    const offenders = sources('src').filter((file) => /from\s+['"][^'"]*\/demo\//.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
