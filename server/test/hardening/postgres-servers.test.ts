import type { ChildProcess } from 'node:child_process'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { API_KEY, financing, JWT_SECRET } from '../support/api-server.ts'
import { currentActivity, freshDatabaseName, postgresSuite } from '../support/postgres.ts'
import { freePort, startServerProcess } from '../support/server-process.ts'

/**
 * Several reference servers on one PostgreSQL, as behind a load balancer: four
 * processes of `npm run serve`, saves spread over them, one killed mid-burst,
 * the database stopped and started. Everything on loopback, with a bounded
 * number of requests in flight.
 */
const cluster = postgresSuite()
const SERVERS = 4
/** Saves of one contract sent over the four servers. */
const SAVES = 1000
/** Requests in flight at once: enough to make saves of one contract collide, few enough for a shared 2-core machine. */
const IN_FLIGHT = 40

interface Server {
  port: number
  child: ChildProcess
}
interface Acknowledged {
  hash: string
  number: number
  numberOfFees: number
}

async function startServers(databaseUrl: string): Promise<Server[]> {
  return Promise.all(
    Array.from({ length: SERVERS }, async () => {
      const port = await freePort()
      const child = await startServerProcess(port, {
        DATABASE_URL: databaseUrl,
        FEES_API_KEY: API_KEY,
        FEES_JWT_SECRET: JWT_SECRET,
      })
      return { port, child }
    }),
  )
}

/** SIGTERM to every server still running; their exit codes. */
async function stopServers(servers: Server[]): Promise<(number | null)[]> {
  return Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      return exited
    }),
  )
}

/** Four servers on a fresh database for `work`, stopped after it whatever happens. */
async function withServers(work: (servers: Server[], url: string) => Promise<void>): Promise<void> {
  const url = await cluster().createDatabase(freshDatabaseName())
  const servers = await startServers(url)
  try {
    await work(servers, url)
  } finally {
    await stopServers(servers)
  }
}

const api = (server: Server, path: string) => `http://127.0.0.1:${server.port}/api/v1${path}`

function save(server: Server, contractId: string, numberOfFees: number): Promise<Response> {
  return fetch(api(server, '/Calculator/FrontCalculateFees'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY },
    body: JSON.stringify(financing({ contractId, numberOfFees, isSavedVersion: true })),
  })
}

/** Runs `task(0..count-1)` with at most IN_FLIGHT running at once. */
async function bounded(count: number, task: (k: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const k = next
        next += 1
        await task(k)
      }
    }),
  )
}

/** Connections the reference servers hold open on the cluster. */
async function serverConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(
      "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'fees-calculator %'",
    )
    return Number(rows[0]?.count)
  } finally {
    await client.end()
  }
}

async function storedNumbers(databaseUrl: string, contractId: string): Promise<{ hash: string; number: number }[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ hash: string; number: number }>(
      'SELECT hash, number FROM versions WHERE contract_id = $1 ORDER BY number',
      [contractId],
    )
    return rows
  } finally {
    await client.end()
  }
}

const oneTo = (n: number) => Array.from({ length: n }, (_, k) => k + 1)

describe('four servers on one PostgreSQL database', () => {
  it(
    `number ${SAVES} concurrent saves of one contract 1..${SAVES}, and every version loads from every server`,
    () =>
      withServers(async (servers, url) => {
        const acknowledged: Acknowledged[] = []
        const failures: number[] = []
        await bounded(SAVES, async (k) => {
          const numberOfFees = 12 + (k % 13)
          const response = await save(servers[k % SERVERS]!, 'C-SHARED', numberOfFees)
          if (response.status !== 200) {
            failures.push(response.status)
            return
          }
          const table = (await response.json()) as { versionHashCode: string; versionNumber: number }
          acknowledged.push({ hash: table.versionHashCode, number: table.versionNumber, numberOfFees })
        })
        expect(failures).toEqual([])
        expect(acknowledged.map((version) => version.number).sort((a, b) => a - b)).toEqual(oneTo(SAVES))
        expect(new Set(acknowledged.map((version) => version.hash)).size).toBe(SAVES)

        // Each version, from each server: the same plan and the same number.
        await bounded(SAVES, async (k) => {
          const version = acknowledged[k]!
          for (const server of servers) {
            const loaded = await fetch(api(server, `/Calculator/feestable/${version.hash}`), {
              headers: { 'X-Api-Key': API_KEY },
            })
            expect(loaded.status).toBe(200)
            const body = (await loaded.json()) as { result: { totalFees: number } }
            expect(body.result.totalFees).toBe(version.numberOfFees)
          }
          const server = servers[(k + 1) % SERVERS]!
          const number = await fetch(
            api(server, `/Version/Number?versionHashCode=${version.hash}&contractid=C-SHARED`),
            {
              headers: { 'X-Api-Key': API_KEY },
            },
          )
          expect(await number.json()).toBe(version.number)
        })

        // SIGTERM: each server drains, closes its pool and exits 0, leaving no connection behind.
        expect(await serverConnections(url)).toBeGreaterThan(0)
        expect(await stopServers(servers)).toEqual([0, 0, 0, 0])
        // A backend leaves pg_stat_activity a moment after its client has gone.
        await expect.poll(() => serverConnections(url), { timeout: 5_000 }).toBe(0)
      }),
    240_000,
  )

  it('lose no acknowledged version when one server is killed with SIGKILL in the middle of a burst', async () => {
    const url = await cluster().createDatabase(freshDatabaseName())
    const servers = await startServers(url)
    const victim = servers[0]!
    try {
      const acknowledged: Acknowledged[] = []
      const acknowledgedByVictim: Acknowledged[] = []
      let killed = false
      let cutOff = 0
      const send = async (server: Server, numberOfFees: number) => {
        try {
          const response = await save(server, 'C-KILLED', numberOfFees)
          if (response.status !== 200) return
          const table = (await response.json()) as { versionHashCode: string; versionNumber: number }
          const version = { hash: table.versionHashCode, number: table.versionNumber, numberOfFees }
          acknowledged.push(version)
          if (server === victim) acknowledgedByVictim.push(version)
        } catch {
          // cut off by the kill: not acknowledged
          cutOff += 1
        }
      }
      /**
       * The kill comes while the victim has a save inside the database: the contract's counter row is held
       * by this test, the victim is sent saves, and it is killed once PostgreSQL shows one of its
       * connections waiting on that row; then the row is let go. A quick server cannot answer them first.
       */
      const killMidSave = async () => {
        const holder = new pg.Client({ connectionString: url })
        await holder.connect()
        try {
          await holder.query('BEGIN')
          await holder.query("SELECT last_number FROM version_counters WHERE contract_id = 'C-KILLED' FOR UPDATE")
          const held = Array.from({ length: 3 }, (_, k) => send(victim, 12 + k))
          const waiting = `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'fees-calculator ${victim.child.pid}' AND wait_event_type = 'Lock'`
          const look = async () => Number((await currentActivity<{ count: string }>(holder, waiting))[0]?.count)
          while ((await look()) === 0) await new Promise((resolve) => setTimeout(resolve, 10))
          victim.child.kill('SIGKILL')
          await holder.query('ROLLBACK')
          await Promise.all(held)
        } finally {
          await holder.end()
        }
      }
      await bounded(SAVES / 2, async (k) => {
        const server = servers[k % SERVERS]!
        if (killed && server === victim) return
        await send(server, 12 + (k % 13))
        if (!killed && acknowledgedByVictim.length >= 20) {
          killed = true
          await killMidSave()
        }
      })
      expect(killed).toBe(true)
      expect(cutOff, 'saves in flight on the killed server').toBeGreaterThan(0)
      expect(acknowledgedByVictim.length).toBeGreaterThanOrEqual(20)

      const stored = await storedNumbers(url, 'C-KILLED')
      // A save the kill interrupted was rolled back whole, its number with it: still no gap.
      expect(stored.map((row) => row.number)).toEqual(oneTo(stored.length))
      const storedHashes = new Map(stored.map((row) => [row.hash, row.number]))
      for (const version of acknowledged) expect(storedHashes.get(version.hash)).toBe(version.number)
      // What the killed server acknowledged is served by the others.
      for (const version of acknowledgedByVictim) {
        const loaded = await fetch(api(servers[1]!, `/Calculator/feestable/${version.hash}`), {
          headers: { 'X-Api-Key': API_KEY },
        })
        expect(loaded.status).toBe(200)
      }
      // The survivors go on counting after the last stored number.
      const next = (await (await save(servers[2]!, 'C-KILLED', 12)).json()) as { versionNumber: number }
      expect(next.versionNumber).toBe(stored.length + 1)
    } finally {
      await stopServers(servers)
    }
  }, 240_000)

  it(
    'answer 503 problems while the database is stopped, and recover once it is back',
    () =>
      withServers(async (servers) => {
        expect((await save(servers[0]!, 'C-OUTAGE', 12)).status).toBe(200)
        await cluster().stop()
        for (const server of servers) {
          const health = await fetch(api(server, '/health'))
          expect(health.status).toBe(503)
          expect(health.headers.get('Content-Type')).toBe('application/problem+json')
          const saved = await save(server, 'C-OUTAGE', 13)
          expect(saved.status).toBe(503)
          expect(saved.headers.get('Content-Type')).toBe('application/problem+json')
          expect(await saved.json()).toMatchObject({
            code: 'database_unavailable',
            detail: expect.stringMatching(/try again/),
          })
        }
        await cluster().start()
        const numbers: number[] = []
        for (const server of servers) {
          expect((await fetch(api(server, '/health'))).status).toBe(200)
          const saved = await save(server, 'C-OUTAGE', 14)
          expect(saved.status).toBe(200)
          numbers.push(((await saved.json()) as { versionNumber: number }).versionNumber)
        }
        // The saves refused during the outage left no trace: numbering goes on from 2.
        expect(numbers).toEqual([2, 3, 4, 5])
      }),
    120_000,
  )
})
