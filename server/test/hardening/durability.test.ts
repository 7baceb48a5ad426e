import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { mintToken } from '../../src/auth.ts'
import { financing } from '../support/api-server.ts'
import { freePort, startServerProcess } from '../support/server-process.ts'

const API_KEY = 'durability-key'
const JWT_SECRET = 'durability-secret-0123456789abcdef0123'
/** Saves sent at once; the server is killed while they are being answered. */
const BURST = 300
/** Answers read before the kill. */
const KILL_AFTER = 20

/** The server with this test's key and secret. */
const startProcess = (dbPath: string, port: number) =>
  startServerProcess(port, { FEES_DB: dbPath, FEES_API_KEY: API_KEY, FEES_JWT_SECRET: JWT_SECRET })

describe('the reference API killed with SIGKILL during a burst of saves', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fees-durability-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('restarts with every acknowledged version intact and readable, and no half-written one', async () => {
    const dbPath = join(dir, 'fees.sqlite')
    const port = await freePort()
    const token = await mintToken(JWT_SECRET, 600)
    let server = await startProcess(dbPath, port)

    const acknowledged: { hash: string; number: number; numberOfFees: number }[] = []
    const saves = Array.from({ length: BURST }, async (_, k) => {
      const numberOfFees = 12 + (k % 13)
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/Calculator/FrontCalculateFees`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(financing({ numberOfFees, contractId: 'C-DURABLE', isSavedVersion: true })),
        })
        if (response.status === 200) {
          const table = (await response.json()) as { versionHashCode: string; versionNumber: number }
          acknowledged.push({ hash: table.versionHashCode, number: table.versionNumber, numberOfFees })
          // Killed as the 20th answer is read, not on a later timer: a quick server could answer the whole
          // burst before a timer noticed, leaving nothing in flight to cut off.
          if (acknowledged.length === KILL_AFTER) server.kill('SIGKILL')
        }
      } catch {
        // cut off by the kill: not acknowledged
      }
    })
    // Killed once some saves have been answered and others are still under way (above).
    const exited = new Promise((resolve) => server.once('exit', resolve))
    await Promise.all(saves)
    // Fewer answers than that: the server is stopped all the same, and the count below fails.
    if (acknowledged.length < KILL_AFTER) server.kill('SIGKILL')
    await exited
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
    expect(acknowledged.length).toBeLessThan(BURST)

    server = await startProcess(dbPath, port)
    try {
      for (const { hash, number, numberOfFees } of acknowledged) {
        const table = await fetch(`http://127.0.0.1:${port}/api/v1/Calculator/feestable/${hash}`, {
          headers: { 'X-Api-Key': API_KEY },
        })
        expect(table.status).toBe(200)
        const saved = (await table.json()) as { result: { totalFees: number } }
        expect(saved.result.totalFees).toBe(numberOfFees)
        const version = await fetch(
          `http://127.0.0.1:${port}/api/v1/Version/Number?versionHashCode=${hash}&contractid=C-DURABLE`,
          {
            headers: { 'X-Api-Key': API_KEY },
          },
        )
        expect(await version.json()).toBe(number)
      }
    } finally {
      const stopped = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await stopped
    }

    // Every stored row is whole: numbers 1..n with no gap, each with its input and result.
    const db = new Database(dbPath, { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string }[]
      const versionTable = tables.find((t) => /version/i.test(t.name))!.name
      const rows = db
        .prepare(`SELECT * FROM ${versionTable} WHERE contract_id = ? ORDER BY number`)
        .all('C-DURABLE') as Record<string, unknown>[]
      expect(rows.map((row) => row.number)).toEqual(rows.map((_, k) => k + 1))
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.length)
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value === 'string' && /^[[{]/.test(value)) expect(() => JSON.parse(value), column).not.toThrow()
        }
      }
    } finally {
      db.close()
    }
  }, 120_000)
})
