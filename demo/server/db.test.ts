import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import type { AmortizationTable, FeesTableResult, TuitionPayload } from '../../src/domain/types.ts'
import { openVersionStore, type NewVersion } from './db.ts'

const run = promisify(execFile)
const DB_MODULE = new URL('./db.ts', import.meta.url).pathname

const version = (contractId: string): NewVersion => ({
  contractId,
  linkedHash: null,
  tuitionInput: {
    dateOfPayment: '2026-01-31',
    system: 1,
    financialType: 0,
    finalAmount: 6000,
    contractId,
  } as TuitionPayload,
  result: { totalFees: 12 } as FeesTableResult,
  amortization: {
    versionHashCode: null,
    versionNumber: null,
    currency: 'EUR',
    fees: [],
    totals: { amountToFinance: 6000, interests: 0, finalFee: 6000 },
  } as AmortizationTable,
})

let dir: string | undefined
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('openVersionStore', () => {
  it('fills the saved amortization table with its hash and number', () => {
    const store = openVersionStore(':memory:')
    const saved = store.save(version('C-1'))
    expect(saved.amortization).toMatchObject({ versionHashCode: saved.hash, versionNumber: 1 })
    expect(store.findByHash(saved.hash)).toEqual(saved)
    expect(store.numberOf(saved.hash, 'C-1')).toBe(1)
    expect(store.numberOf(saved.hash, 'C-2')).toBeNull()
    expect(store.isHealthy()).toBe(true)
    store.close()
    expect(store.isHealthy()).toBe(false)
  })

  it('numbers without gaps or duplicates when several processes save to one file at once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'fees-db-'))
    const file = join(dir, 'shared.sqlite')
    openVersionStore(file).close()
    const PROCESSES = 4
    const SAVES_EACH = 50
    const script = `
      const { openVersionStore } = await import(${JSON.stringify(DB_MODULE)})
      const store = openVersionStore(${JSON.stringify(file)})
      const numbers = []
      for (let i = 0; i < ${SAVES_EACH}; i++) numbers.push(store.save(${JSON.stringify(version('C-SHARED'))}).number)
      store.close()
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
