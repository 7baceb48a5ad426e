/**
 * The package as the ecosystem's own tools see it: publint (package.json against what the tarball holds) and
 * Are the Types Wrong (every entry point resolves to JavaScript with its types, under node16 and bundler
 * resolution: the ESM-only profile, since the package ships no CommonJS). Then a TypeScript host that imports
 * `fees-calculator/standalone` for its side effect, compiled under node16 resolution, gets the element's type.
 * And npm: every dependency with an install script has been reviewed in package.json's allowScripts.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name)
const run = (command: string, args: string[], cwd = ROOT) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

describe('the package under the ecosystem checks', () => {
  it('passes publint, suggestions included', () => {
    const { status, output } = run(bin('publint'), ['--strict'])
    expect(output).toContain('All good!')
    expect(status, output).toBe(0)
  })

  it('decides for every dependency with an install script whether it runs (allowScripts; npm 12 skips the rest)', () => {
    const { status, output } = run('npm', ['install-scripts', 'ls', '--json'])
    expect(status, output).toBe(0)
    expect(JSON.parse(output.slice(output.indexOf('{'))).allowScripts, output).toEqual([])
  })

  it('passes arethetypeswrong with the ESM-only profile: every entry point has its types', () => {
    const { status, output } = run(bin('attw'), ['--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped'])
    expect(output).not.toMatch(/No types/)
    expect(status, output).toBe(0)
  })

  const work = mkdtempSync(join(tmpdir(), 'fees-standalone-types-'))
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('types a TypeScript host that imports fees-calculator/standalone for its side effect', () => {
    mkdirSync(join(work, 'node_modules'))
    symlinkSync(ROOT, join(work, 'node_modules', 'fees-calculator'), 'dir')
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }))
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'node16', target: 'es2022', lib: ['es2022', 'dom'], noEmit: true },
        files: ['host.ts', 'misspelt.ts'],
      }),
    )
    const host = `import 'fees-calculator/standalone'
const element = document.createElement('fees-calculator')
element.tuitionInput = { grossAmount: 1200 } as never
const label: string = element.tuitionInput === null ? '' : 'set'
element.addEventListener('feeOptionSelectedEvent', (event) => {
  const detail = event.detail
  console.log('code' in detail ? detail.status : detail, label)
})
document.querySelector('fees-calculator')?.addEventListener('calculationResultReceivedEvent', (event) => {
  const fee: number = event.detail.feeAmount
  console.log(fee)
})
`
    writeFileSync(join(work, 'host.ts'), host)
    // Beside it, in the same program, the same host with a misspelt event name: its listener gets a plain Event, so
    // the one error tsc reports shows that the types above are really in force.
    writeFileSync(join(work, 'misspelt.ts'), host.replace("'calculationResultReceivedEvent'", "'calculationResult'"))
    const typed = run(bin('tsc'), ['-p', work], work)
    const errors = typed.output.split('\n').filter((line) => /error TS\d+/.test(line))
    expect(errors).toEqual([
      expect.stringMatching(/^misspelt\.ts\(\d+,\d+\): error TS2339: Property 'detail' does not exist/),
    ])
  })

  it('lets a server import fees-calculator/languages, which loads nothing but its own two files', () => {
    const server = join(work, 'server')
    mkdirSync(join(server, 'node_modules'), { recursive: true })
    symlinkSync(ROOT, join(server, 'node_modules', 'fees-calculator'), 'dir')
    // Every module Node loads is recorded: no React, no Lingui, no element, only the list and its helper.
    const script = `
      import { registerHooks } from 'node:module'
      const loaded = []
      registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); loaded.push(found.url); return found } })
      const { LANGUAGES, languageOfAcceptLanguage } = await import('fees-calculator/languages')
      console.log(JSON.stringify({ loaded, languages: LANGUAGES, chosen: languageOfAcceptLanguage('fr;q=0.9, gl;q=0.8', 'en') }))
    `
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: server, encoding: 'utf8' })
    expect(result.status, result.stderr).toBe(0)
    const { loaded, languages, chosen } = JSON.parse(result.stdout) as {
      loaded: string[]
      languages: string[]
      chosen: string
    }
    expect(languages).toEqual(['es', 'en', 'ca', 'eu', 'gl', 'pt'])
    expect(chosen).toBe('gl')
    expect(loaded.map((url) => url.slice(url.indexOf('/dist/')))).toEqual([
      '/dist/languages.js',
      expect.stringMatching(/^\/dist\/lib\/language-[\w-]+\.js$/),
    ])
  })
})
