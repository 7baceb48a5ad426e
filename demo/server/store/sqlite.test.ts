import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { newVersion } from '../../../test/support/new-version.ts'
import { openSqliteStore } from './sqlite.ts'

const run = promisify(execFile)
const DB_MODULE = new URL('./sqlite.ts', import.meta.url).pathname

let dir: string | undefined
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('openSqliteStore', () => {
  it('numbers without gaps or duplicates when several processes save to one file at once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fees-db-'))
    const file = join(dir, 'shared.sqlite')
    await openSqliteStore(file).close()
    const PROCESSES = 4
    const SAVES_EACH = 50
    const script = `
      const { openSqliteStore } = await import(${JSON.stringify(DB_MODULE)})
      const store = openSqliteStore(${JSON.stringify(file)})
      const numbers = []
      for (let i = 0; i < ${SAVES_EACH}; i++) numbers.push((await store.save(${JSON.stringify(newVersion('C-SHARED'))})).number)
      await store.close()
      console.log(JSON.stringify(numbers))`
    const outputs = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]),
      ),
    )
    const numbers = outputs.flatMap(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as number[])
    expect(numbers.sort((a, b) => a - b)).toEqual(
      Array.from({ length: PROCESSES * SAVES_EACH }, (_, index) => index + 1),
    )
  })
})
