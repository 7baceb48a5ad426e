import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/api-server.ts'
import { expectDocumented, OPENAPI_PATH, openapi } from '../support/openapi.ts'

const run = promisify(execFile)
const REPO = new URL('../../../', import.meta.url)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.remove())

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json as it is in the repository', async () => {
    const answer = await fetch(`${server.api}/openapi.json`)
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await answer.json()).toEqual(openapi)
  })

  it('resolves every $ref', () => {
    const text = readFileSync(OPENAPI_PATH, 'utf8')
    const refs = [...text.matchAll(/"\$ref": "#\/([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(refs.length).toBeGreaterThan(20)
    for (const ref of refs) {
      const target = ref
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], openapi)
      expect(target, ref).toBeDefined()
    }
  })

  it('asks for a bearer token and an API key on every call but the anonymous calculations and health', () => {
    const security = (path: string, method: string) =>
      (openapi.paths[path]![method] as unknown as { security: Record<string, unknown>[] }).security
        .map((scheme) => Object.keys(scheme)[0])
        .sort()
    expect(security('/Calculator/CalculateFeeOptions', 'post')).toEqual(['apiKey', 'bearerAuth'])
    expect(security('/Calculator/FrontCalculateFees', 'post')).toEqual(['apiKey', 'bearerAuth'])
    expect(security('/Calculator/feestable/{versionHashCode}', 'get')).toEqual(['apiKey', 'bearerAuth'])
    expect(security('/Version/Number', 'get')).toEqual(['apiKey', 'bearerAuth'])
    expect(security('/Calculator/RenderFeeOptions', 'post')).toEqual(['apiKey', 'bearerAuth'])
    expect(security('/Calculator/CalculateFeeOptionsAnonymous', 'post')).toEqual([])
    expect(security('/Calculator/RenderFeeOptionsAnonymous', 'post')).toEqual([])
    expect(security('/Calculator/FrontCalculateFeesAnonymous', 'post')).toEqual([])
    expect(security('/health', 'get')).toEqual([])
  })

  it('makes the validator refuse wrong answers (it is not vacuous)', () => {
    const path = '/Calculator/CalculateFeeOptions'
    expect(() => expectDocumented(path, 'POST', 200, 'application/json', { totalFees: 12 })).toThrow()
    expect(() => expectDocumented(path, 'POST', 200, 'text/html', {})).toThrow()
    expect(() => expectDocumented(path, 'POST', 404, 'application/problem+json', {})).toThrow()
    const problem = { type: 'tag:x', title: 't', status: 422, code: 'version_not_found', detail: 'd' }
    expect(() => expectDocumented(path, 'POST', 422, 'application/problem+json', problem)).toThrow()
  })

  it('matches the committed contract/openapi/openapi.d.ts (npm run api:types)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fees-openapi-'))
    try {
      const generated = join(dir, 'openapi.d.ts')
      const cli = new URL('node_modules/openapi-typescript/bin/cli.js', REPO).pathname
      await run(process.execPath, [cli, OPENAPI_PATH, '-o', generated], { cwd: REPO.pathname })
      const committed = readFileSync(join(dirname(OPENAPI_PATH), 'openapi.d.ts'), 'utf8')
      expect(committed, 'contract/openapi/openapi.d.ts is stale: run npm run api:types').toBe(
        readFileSync(generated, 'utf8'),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
