/**
 * Every catalogue speaks every message the code uses, and nothing else: the
 * messages are read from the code by Lingui's own extractor (a .pot template
 * per catalogue, written to a temporary folder), and each language's .po must
 * hold exactly those, each translated, each with the placeholders of its
 * source (`{count}`, `{min}`, the plural's `#`).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../lingui.config.ts'
import { LANGUAGES } from '../../src/domain/language.ts'

const ROOT = resolve(import.meta.dirname, '../..')

interface Entry {
  id: string
  translation: string
}

/** The entries of a .po or .pot file (the header left out). */
function entriesOf(file: string): Entry[] {
  const text = readFileSync(file, 'utf8')
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('')
  return [...text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)]
    .map((m) => ({ id: unquote(m[1] ?? ''), translation: unquote(m[2] ?? '') }))
    .filter((entry) => entry.id !== '')
}

/** The names a message fills in (`{count, plural, …}`, `{fee}`), and whether it counts with `#`. */
function placeholdersOf(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1] ?? '')
  return [...new Set(names)].sort().concat(message.includes('#') ? ['#'] : [])
}

/** The messages the code uses, per catalogue, as Lingui's extractor finds them. */
function messagesInCode(): Map<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalogues-'))
  const catalogs = (config.catalogs ?? []).map((catalog, index) => ({
    ...catalog,
    path: join(dir, String(index), '{locale}', 'messages'),
  }))
  const file = join(dir, 'lingui.config.mjs')
  writeFileSync(file, `export default ${JSON.stringify({ ...config, rootDir: ROOT, locales: ['en'], catalogs })}`)
  execFileSync(join(ROOT, 'node_modules/.bin/lingui'), ['extract-template', '--config', file], {
    cwd: ROOT,
    stdio: 'pipe',
  })
  return new Map(
    (config.catalogs ?? []).map((catalog, index) => [
      catalog.path,
      entriesOf(join(dir, String(index), 'messages.pot'))
        .map((entry) => entry.id)
        .sort(),
    ]),
  )
}

describe('the message catalogues', () => {
  const inCode = messagesInCode()

  it('cover the six languages, each catalogue of the widget, its kept plan and the app', () => {
    expect(new Set(config.locales)).toEqual(new Set(LANGUAGES))
    expect(inCode.size).toBe(3)
    for (const ids of inCode.values()) expect(ids.length).toBeGreaterThan(5)
  })

  describe.each([...inCode.entries()])('%s', (path, ids) => {
    const files = LANGUAGES.map(
      (language) =>
        [language, resolve(ROOT, `${path.replace('<rootDir>/', '').replace('{locale}', language)}.po`)] as const,
    )

    it.each(files)('%s holds every message the code uses and none it no longer does', (_language, file) => {
      expect(
        entriesOf(file)
          .map((entry) => entry.id)
          .sort(),
      ).toEqual(ids)
    })

    it.each(files)('%s translates each one, keeping its placeholders', (language, file) => {
      for (const { id, translation } of entriesOf(file)) {
        expect(translation, `${language}: "${id}" has no translation`).not.toBe('')
        expect(placeholdersOf(translation), `${language}: "${translation}" against "${id}"`).toEqual(placeholdersOf(id))
      }
    })
  })
})
