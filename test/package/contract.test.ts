/**
 * What the widget and the reference server agree on lives in one package (contract/), and neither side has a
 * word of the wire the other lacks: every problem code is the contract's, with the status the contract gives it,
 * in the OpenAPI document, and answered by the server; the server's source names no code the contract lacks.
 * The widget's package carries what it uses of the contract, bundled and with its types inlined: an npm user
 * never meets the contract's name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { PROBLEM_CODES, PROBLEM_STATUSES, type ProblemCode } from '@fees-calculator/contract'
import { describe, expect, it } from 'vitest'
import { readChunkReport } from '../../scripts/chunk-report.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const document = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@fees-calculator/contract/openapi.json'), 'utf8'),
) as {
  components: {
    schemas: Record<string, { enum?: string[]; properties?: Record<string, { const?: unknown; enum?: unknown[] }> }>
  }
}
const schemas = document.components.schemas

/** The TypeScript files of a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('the problem codes', () => {
  it('are one list: the OpenAPI document’s ProblemCode enum is the contract’s', () => {
    expect(schemas.ProblemCode?.enum).toEqual(PROBLEM_CODES)
  })

  it('are answered with the contract’s status, by the document’s problem of each status', () => {
    const byStatus = Object.entries(schemas).flatMap(([name, schema]) => {
      const status = schema.properties?.status?.const
      const code = schema.properties?.code
      if (typeof status !== 'number' || code === undefined) return []
      return (code.enum ?? [code.const]).map((value) => ({ name, status, code: value as ProblemCode }))
    })
    for (const { name, status, code } of byStatus) expect(PROBLEM_STATUSES[code], `${name}: ${code}`).toBe(status)
    // Every code but the catch-all of unknown paths (described in the document's info) has its status's problem.
    const described = new Set([...byStatus.map(({ code }) => code), 'not_found'])
    expect([...described].sort()).toEqual([...PROBLEM_CODES].sort())
  })

  it('are what the server answers: it names no other, and each of them somewhere', () => {
    // The server's code, but the table of titles, which names every code whether it is answered or not.
    const text = sources('server/src')
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n')
      .replace(/export const PROBLEM_TITLES = \{[\s\S]*?\n\}/, '')
    // Where the server gives a problem a code: problem('…'), a refusal's code: '…', a financeability failure.
    const named = new Set(
      [...text.matchAll(/(?:problem\(|code: |addFailure\(failures, )'([a-z_]+)'/g)].map((match) => match[1]),
    )
    expect([...named].filter((code) => !PROBLEM_CODES.includes(code as ProblemCode))).toEqual([])
    const mentioned = (code: string) => text.includes(`'${code}'`)
    expect(PROBLEM_CODES.filter((code) => !mentioned(code))).toEqual([])
  })
})

describe('the built widget (npm run build)', () => {
  it('carries what it uses of the contract, and not the problem codes’ table nor the OpenAPI document', () => {
    const shipped = readChunkReport()
      .chunks.flatMap((chunk) => chunk.modules.map((module) => module.id))
      .filter((id) => id.startsWith('contract/'))
    expect(shipped).toContain('contract/src/dates.ts')
    expect(shipped).not.toContain('contract/src/problems.ts')
    expect(shipped.filter((id) => id.includes('openapi'))).toEqual([])
  })

  it('names no contract package in what it publishes: scripts bundled, types inlined', () => {
    const published = ['dist/index.js', 'dist/index.d.ts', 'dist/languages.js', 'dist/languages.d.ts']
    for (const file of published) {
      expect(existsSync(join(ROOT, file)), `${file}: run npm run build`).toBe(true)
      expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toContain('@fees-calculator/contract')
    }
    expect(readFileSync(join(ROOT, 'dist/index.d.ts'), 'utf8')).toMatch(/export interface TuitionInput \{/)
  })
})
