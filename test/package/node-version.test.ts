/**
 * The README's two commands on a Node the project does not run on (the machines here have Node 20): `npm ci`,
 * `npm run demo` and `npm test` stop at once with one sentence naming the Node needed and how to get it, and
 * the built server says so in its one log line before it opens its database, instead of the segmentation fault
 * better-sqlite3 ends an older Node with.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { satisfies, unsupportedNode } from '../../server/src/node-version.cjs'
import { SERVER_BUILD } from '../../server/tools/build.ts'

const ROOT = join(import.meta.dirname, '../..')
const enginesOf = (file: string) =>
  (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { engines: { node: string } }).engines.node
const ROOT_ENGINES = enginesOf('package.json')
const SERVER_ENGINES = enginesOf('server/package.json')

/** A Node older than the project supports: OLD_NODE, else the machine's own (/usr/bin/node, 20 here and in CI). */
function findOldNode(): { node: string; version: string } | null {
  const node = process.env.OLD_NODE || '/usr/bin/node'
  if (!existsSync(node)) return null
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
  return satisfies(version, ROOT_ENGINES) ? null : { node, version }
}
const old = findOldNode()

/** The PATH of a machine whose Node is `node`: its folder first, the Node running the tests nowhere. */
function pathWith(node: string): string {
  const running = dirname(process.execPath)
  return [dirname(node), ...(process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== running)].join(delimiter)
}

/**
 * `npm <args>` with the old Node's own npm, in the repository, as a user types it. Its own process group, killed
 * whole after 60 s: were the check not to stop it, `npm test` would go on to the whole suite.
 */
function oldNpm(node: string, args: string[]): Promise<{ code: number | null; signal: string | null; output: string }> {
  const npm = join(dirname(node), '../lib/node_modules/npm/bin/npm-cli.js')
  return new Promise((resolve, reject) => {
    const child = spawn(node, [npm, ...args], {
      cwd: ROOT,
      env: { ...process.env, PATH: pathWith(node), npm_config_update_notifier: 'false' },
      detached: true,
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      output += text
    })
    const deadline = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(deadline)
      resolve({ code, signal, output })
    })
  })
}

const dir = mkdtempSync(join(tmpdir(), 'fees-old-node-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('which Node the project runs on', () => {
  it('is package.json’s engines, the same for the server, and the Node running the tests is one', () => {
    expect(SERVER_ENGINES).toBe(ROOT_ENGINES)
    expect(satisfies(process.version, ROOT_ENGINES)).toBe(true)
    expect(unsupportedNode(process.version, ROOT_ENGINES, 'fees-calculator')).toBeNull()
  })

  it('is read from the forms engines take: >=, ^ and ||', () => {
    expect(
      ['20.20.2', '22.11.9', 'v22.12.0', '22.12.0', '24.21.0', '26.0.0'].map((v) => satisfies(v, '>=22.12.0')),
    ).toEqual([false, false, true, true, true, true])
    const lts = '^22.12.0 || ^24.0.0'
    expect(['20.20.2', '22.11.0', '22.13.1', '23.0.0', '24.0.0', '25.1.0'].map((v) => satisfies(v, lts))).toEqual([
      false,
      false,
      true,
      false,
      true,
      false,
    ])
    // A form it does not read is an error here, not a Node refused or let through on a misreading.
    expect(() => satisfies('24.0.0', '22.x')).toThrow(/engines\.node/)
  })

  it('is said in one sentence with the Node needed and how to get it', () => {
    const sentence = unsupportedNode('v20.20.2', '>=22.12.0', 'fees-calculator')
    expect(sentence).toMatch(/^fees-calculator needs Node\.js >=22\.12\.0, and this is Node\.js 20\.20\.2: install/)
    expect(sentence).toContain('https://nodejs.org')
    expect(sentence).toContain('.ci/node 24')
    expect(sentence).not.toContain('\n')
  })
})

describe.runIf(old)(`on an older Node (${old?.version ?? 'none found: set OLD_NODE'})`, () => {
  const { node, version } = old ?? { node: '', version: '' }
  const sentence = unsupportedNode(version, ROOT_ENGINES, 'fees-calculator')!

  it('npm ci stops at its check (prepare), with the sentence', async () => {
    // `npm ci` itself would reinstall the whole tree first: its check is run as npm runs it, after that.
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    expect(scripts.prepare).toBe('node scripts/check-node.cjs')
    const ran = await oldNpm(node, ['run', 'prepare'])
    expect(ran.code).toBe(1)
    expect(ran.output).toContain(sentence)
  })

  it.each(['run demo', 'test'])('npm %s stops before it builds anything, with the sentence', async (command) => {
    const ran = await oldNpm(node, command.split(' '))
    expect(ran.code).toBe(1)
    expect(ran.signal).toBeNull()
    expect(ran.output).toContain(sentence)
    // The first of `npm run demo`'s and `npm test`'s own steps never began.
    expect(ran.output).not.toMatch(/> (npm run clean|tsc --noEmit|npm run typecheck)/)
  })

  it('the built server says which Node it needs in one log line and exits 1, before it opens its database', () => {
    expect(existsSync(SERVER_BUILD), 'npm run build:server first').toBe(true)
    const database = join(dir, 'fees.sqlite')
    const ended = spawnSync(node, [SERVER_BUILD], {
      env: { ...process.env, PATH: pathWith(node), FEES_DB: database, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect([ended.status, ended.signal]).toEqual([1, null])
    expect(ended.stderr).toBe('')
    const lines = ended.stdout.split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 60,
      msg: unsupportedNode(version, SERVER_ENGINES, 'The fees-calculator server'),
    })
    expect(existsSync(database)).toBe(false)
  })
})
