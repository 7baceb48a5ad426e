/**
 * docs/frameworks.md shows the example apps' files as they are: each `<!-- example:PATH -->` line is followed by a
 * fenced block equal to examples/PATH, which test/browser/examples.test.ts builds and drives. A doc that drifts from
 * the tested apps fails here.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const doc = readFileSync('docs/frameworks.md', 'utf8')
const snippets = [...doc.matchAll(/<!-- example:([\w./-]+) -->\s*```\w*\n([\s\S]*?)```/g)].map(([, path, code]) => ({
  path: path!,
  code: code!,
}))

describe('docs/frameworks.md', () => {
  it("shows each example app's entry and component", () => {
    expect(snippets.map((s) => s.path)).toEqual(
      expect.arrayContaining([
        'vue/vite.config.js',
        'vue/src/main.js',
        'vue/src/App.vue',
        'svelte/src/main.js',
        'svelte/src/App.svelte',
        'react/src/main.jsx',
        'react/src/App.jsx',
        'next/next.config.mjs',
        'next/app/tuition.js',
        'next/app/page.jsx',
        'next/app/calculator.jsx',
        'angular/src/main.ts',
        'angular/src/app/app.ts',
      ]),
    )
  })

  it.each(snippets.map((s) => [s.path, s.code]))('shows examples/%s exactly as it is', (path, code) => {
    const file = join('examples', path)
    expect(existsSync(file), file).toBe(true)
    expect(code).toBe(readFileSync(file, 'utf8'))
  })

  it('is linked from the README', () => {
    expect(readFileSync('README.md', 'utf8')).toContain('(docs/frameworks.md)')
  })
})
