import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../../test/support/eventually.ts'
import { API_KEY, bearer, financing, JWT_SECRET } from '../support/api-server.ts'
import { type LoggedRequest, type Nginx, startNginx } from '../support/nginx.ts'
import { currentActivity, freshDatabaseName, postgresSuite } from '../support/postgres.ts'
import { accepts, freePort, startServerProcess } from '../support/server-process.ts'

/**
 * The deployment of deploy/compose.yaml without containers: two built servers (`npm run serve`) on one
 * PostgreSQL, behind Debian's nginx running deploy/nginx.conf itself (its upstream addresses and port replaced
 * by loopback ones: server/test/support/nginx.ts). Clients see nginx only. A bounded load of calculations and saves
 * (as the widget sends them: a bearer token, an Idempotency-Key on each save) runs while one server is stopped
 * or killed; nginx's access log says which server answered each request, and which were passed on.
 */
const cluster = postgresSuite()
/** Requests in flight at once: a few browsers' worth, enough to keep both servers busy on a shared 2-core machine. */
const IN_FLIGHT = 8
/** Requests answered before the signal, and after it. */
const BEFORE = 100
const AFTER = 200
/** The scraper's bearer token, as deploy/compose.yaml requires one of its operator. */
const METRICS_TOKEN = 'nginx-test-scraper-token'
/** The contract whose counter row the test holds, so that a save of it is inside a server when the signal comes. */
const HELD_CONTRACT = 'C-HELD'

interface Server {
  port: number
  child: ChildProcess
  /** As nginx logs it: `127.0.0.1:port`. */
  address: string
}
interface Deployment {
  servers: [Server, Server]
  nginx: Nginx
  databaseUrl: string
  authorization: string
}
type Phase = 'before' | 'during' | 'after'
interface Sent {
  /** Sent before the signal, while it was being handled, or after the stopped server was gone. */
  phase?: Phase
  /** Its X-Request-Id, the key of its line in nginx's access log. */
  id: string
  /** The status the client got; 0 when the answer was cut off. */
  status: number
  save?: { key: string; contractId: string; numberOfFees: number; hash?: string; number?: number }
}

/** How long the held save may take to reach its row in a server: far more than it takes on a loaded machine. */
const HOLD_DEADLINE_MS = 20_000

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** SIGTERM to a server still running; its exit code. */
async function stopServer({ child }: Server): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const [code] = (await exited) as [number | null]
  return code
}

/** Two servers on a fresh database, nginx in front, all stopped after the test. */
async function deploy(): Promise<Deployment> {
  const databaseUrl = await cluster().createDatabase(freshDatabaseName('nginx'))
  const servers = (await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort()
      const child = await startServerProcess(port, {
        DATABASE_URL: databaseUrl,
        FEES_API_KEY: API_KEY,
        FEES_JWT_SECRET: JWT_SECRET,
        FEES_METRICS_TOKEN: METRICS_TOKEN,
        FEES_ACCESS_LOG: 'false',
      })
      const server = { port, child, address: `127.0.0.1:${port}` }
      cleanups.push(() => stopServer(server))
      return server
    }),
  )) as [Server, Server]
  const nginx = await startNginx([servers[0].port, servers[1].port])
  cleanups.push(() => nginx.stop())
  return { servers, nginx, databaseUrl, authorization: await bearer() }
}

let requests = 0
/** A calculation, or a save of `contractId` when one is given, through nginx. */
async function send(deployment: Deployment, k: number, contractId?: string): Promise<Sent> {
  requests += 1
  const sent: Sent = { id: `nginx-${process.pid}-${requests}`, status: 0 }
  const numberOfFees = 12 + (k % 13)
  const headers: Record<string, string> = {
    Authorization: deployment.authorization,
    'Content-Type': 'application/json',
    'X-Request-Id': sent.id,
  }
  let path = '/api/v1/Calculator/CalculateFeeOptions'
  let body = financing({ numberOfFees })
  if (contractId !== undefined) {
    sent.save = { key: randomUUID(), contractId, numberOfFees }
    headers['Idempotency-Key'] = sent.save.key
    path = '/api/v1/Calculator/FrontCalculateFees'
    body = financing({ contractId, numberOfFees, isSavedVersion: true, isFrontEndVersionCopy: true })
  }
  try {
    const response = await fetch(`${deployment.nginx.url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    })
    const text = await response.text()
    sent.status = response.status
    if (sent.save && response.status === 200) {
      const table = JSON.parse(text) as { versionHashCode: string; versionNumber: number }
      sent.save.hash = table.versionHashCode
      sent.save.number = table.versionNumber
    }
  } catch {
    // the answer was cut off
  }
  return sent
}

/**
 * IN_FLIGHT clients sending calculations and saves (one in three, over four contracts) through nginx: BEFORE
 * requests, then, with `interrupt`, the interruption (while the other clients go on: `during`) and AFTER
 * requests sent once it is over. Every request sent, with the interruption's own.
 */
async function underLoad(deployment: Deployment, interrupt?: () => Promise<Sent[]>): Promise<Sent[]> {
  const sent: Sent[] = []
  let phase: Phase = 'before'
  const started = { before: 0, during: 0, after: 0 }
  /** The interruption failed: the other clients stop too. */
  let failed = false
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (;;) {
        if (phase === 'before' && started.before === BEFORE) {
          if (interrupt === undefined) return
          phase = 'during'
          try {
            for (const request of await interrupt()) sent.push({ ...request, phase: 'during' })
          } catch (error) {
            failed = true
            throw error
          }
          phase = 'after'
        }
        if (failed || (phase === 'after' && started.after === AFTER)) return
        const k = started.before + started.during + started.after
        const at = phase
        started[at] += 1
        const request = await send(deployment, k, k % 3 === 0 ? `C-LOAD-${k % 4}` : undefined)
        sent.push({ ...request, phase: at })
      }
    }),
  )
  return sent
}

/**
 * A save of HELD_CONTRACT inside one of the servers: the test holds the contract's counter row, sends the save
 * through nginx and waits until a server's connection waits on that row in PostgreSQL. Returns that server,
 * the save in flight, and `release` to let the row go. The signal that follows comes while a request is
 * certainly in flight to its server, however fast the machine.
 */
async function holdSave(deployment: Deployment): Promise<{
  server: Server
  save: Promise<Sent>
  release: () => Promise<void>
}> {
  const holder = new pg.Client({ connectionString: deployment.databaseUrl })
  await holder.connect()
  await holder.query('BEGIN')
  await holder.query('SELECT last_number FROM version_counters WHERE contract_id = $1 FOR UPDATE', [HELD_CONTRACT])
  let answered = false
  const save = send(deployment, 0, HELD_CONTRACT).finally(() => {
    answered = true
  })
  const release = async () => {
    await holder.query('ROLLBACK')
    await holder.end()
  }
  try {
    // The load's saves may wait on one another's rows too: only a wait on the held row counts.
    const blocked = `SELECT application_name AS name FROM pg_stat_activity
      WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid)) AND application_name LIKE 'fees-calculator %'`
    const deadline = Date.now() + HOLD_DEADLINE_MS
    for (;;) {
      // Read afresh each time: the server's pool opens connections under the load.
      if (Date.now() > deadline) {
        const rows = await currentActivity(
          holder,
          `SELECT application_name, state, wait_event_type, wait_event, left(query, 80) AS query FROM pg_stat_activity
           WHERE application_name LIKE 'fees-calculator %'`,
        )
        throw new Error(`the held save never waited on its row: ${JSON.stringify(rows)}`)
      }
      const rows = await currentActivity<{ name: string }>(holder, blocked)
      const server = deployment.servers.find(({ child }) =>
        rows.some(({ name }) => name === `fees-calculator ${child.pid}`),
      )
      if (server !== undefined) return { server, save, release }
      if (answered) {
        // Both servers are up here: say what nginx met on its way to them.
        const { status, id } = await save
        const tried = deployment.nginx.accessLog().get(id)
        throw new Error(
          `the held save was answered (${status}) without waiting on its row; upstreams ${JSON.stringify(tried)}; nginx's errors:\n${deployment.nginx.errorLog()}`,
        )
      }
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } catch (error) {
    await release()
    throw error
  }
}

/**
 * Every save the client saw acknowledged (200) is in PostgreSQL under its Idempotency-Key, with its hash and
 * number, each contract numbered without a gap, and loads back by its hash through nginx.
 */
async function expectAcknowledgedSavesKept(deployment: Deployment, sent: Sent[]): Promise<number> {
  const acknowledged = sent.flatMap(({ status, save }) => (status === 200 && save ? [save] : []))
  const client = new pg.Client({ connectionString: deployment.databaseUrl })
  await client.connect()
  const { rows } = await client
    .query<{ contract_id: string; number: number; hash: string; idempotency_key: string }>(
      'SELECT contract_id, number, hash, idempotency_key FROM versions ORDER BY contract_id, number',
    )
    .finally(() => client.end())
  const byKey = new Map(rows.map((row) => [row.idempotency_key, row]))
  for (const save of acknowledged) {
    expect(byKey.get(save.key)).toMatchObject({ contract_id: save.contractId, hash: save.hash, number: save.number })
  }
  for (const contract of new Set(rows.map((row) => row.contract_id))) {
    const numbers = rows.filter((row) => row.contract_id === contract).map((row) => row.number)
    expect(numbers).toEqual(numbers.map((_, index) => index + 1))
  }
  for (const save of acknowledged) {
    const loaded = await fetch(`${deployment.nginx.url}/api/v1/Calculator/feestable/${save.hash}`, {
      headers: { 'X-Api-Key': API_KEY },
    })
    expect(loaded.status).toBe(200)
    expect(((await loaded.json()) as { result: { totalFees: number } }).result.totalFees).toBe(save.numberOfFees)
  }
  return acknowledged.length
}

const ok = ({ status }: Sent) => status >= 200 && status < 300
const logged = (log: Map<string, LoggedRequest>, { id }: Sent): LoggedRequest => log.get(id)!

/** nginx's access log once it holds every request sent (nginx writes a line just after the answer's last byte). */
const accessLogOf = (deployment: Deployment, sent: Sent[]) =>
  eventually(() => {
    const log = deployment.nginx.accessLog()
    const missing = sent.filter(({ id }) => !log.has(id)).map(({ id }) => id)
    if (missing.length > 0) throw new Error(`not in nginx's access log: ${missing.join(', ')}`)
    return log
  })

/** How many requests were sent in each phase, and how many were saves. */
const stats = (sent: Sent[]) => {
  const count = (phase: Phase) => sent.filter((request) => request.phase === phase).length
  const saves = sent.filter(({ save }) => save !== undefined).length
  return `${sent.length} requests (${count('before')} before the signal, ${count('during')} during, ${count('after')} after; ${saves} saves)`
}

/** A save of HELD_CONTRACT first, so that its counter row exists to be held. */
async function prepareHeldContract(deployment: Deployment): Promise<void> {
  expect((await send(deployment, 0, HELD_CONTRACT)).status).toBe(200)
}

describe('deploy/nginx.conf in front of two servers on one PostgreSQL', () => {
  it('spreads requests over both servers and answers the health check', async () => {
    const deployment = await deploy()
    const health = await fetch(`${deployment.nginx.url}/api/v1/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    // The server answers with the request's id as nginx passed it: nginx's own when the client sent none, the
    // client's when it did.
    expect(health.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{32}$/)
    const portal = await fetch(`${deployment.nginx.url}/api/v1/health`, { headers: { 'X-Request-Id': 'portal-42' } })
    expect(portal.headers.get('X-Request-Id')).toBe('portal-42')

    const sent = await underLoad(deployment)
    expect(sent).toHaveLength(BEFORE)
    expect(sent.filter((request) => !ok(request))).toEqual([])
    const log = await accessLogOf(deployment, sent)
    // Each answered by one server, at the first try; nginx takes them in turn.
    const answered = deployment.servers.map(
      (server) => sent.filter((request) => logged(log, request).upstreams.join() === server.address).length,
    )
    expect(answered[0]! + answered[1]!).toBe(BEFORE)
    for (const count of answered) expect(count).toBeGreaterThanOrEqual(BEFORE / 3)
    const saves = await expectAcknowledgedSavesKept(deployment, sent)
    if (process.env.NGINX_STATS)
      console.log(
        `spread: ${stats(sent)}, ${answered.join(' and ')} answered by each server, ${saves} saves acknowledged`,
      )
  })

  it('refuses /metrics to everyone through nginx, token or not; each server answers its scraper with the token', async () => {
    const deployment = await deploy()
    const scraper = { Authorization: `Bearer ${METRICS_TOKEN}` }
    // The path however it is spelled: nginx decodes it and merges its slashes before it picks a location.
    for (const path of ['/metrics', '/metrics?name[]=fees_saves_total', '//metrics', '/%6Detrics', '/metrics/']) {
      for (const headers of [{}, scraper]) {
        const answer = await fetch(`${deployment.nginx.url}${path}`, { headers })
        expect(answer.status, path).toBe(404)
        expect(await answer.text(), path).not.toContain('fees_')
      }
    }
    // Prometheus reaches each server on the deployment's own network, as its scrape config names them.
    for (const { port } of deployment.servers) {
      const url = `http://127.0.0.1:${port}/metrics`
      expect((await fetch(url)).status).toBe(401)
      const scraped = await fetch(url, { headers: scraper })
      expect(scraped.status).toBe(200)
      expect(await scraped.text()).toContain('fees_http_requests_total{')
    }
  })

  it('loses no request when a server is stopped with SIGTERM in the middle of the load', async () => {
    const deployment = await deploy()
    await prepareHeldContract(deployment)
    let victim: Server | undefined
    let exitCode: number | null | undefined
    const sent = await underLoad(deployment, async () => {
      const held = await holdSave(deployment)
      victim = held.server
      const exited = once(victim.child, 'exit')
      victim.child.kill('SIGTERM')
      try {
        // The signal is handled between events: wait for its effect, the port closed, not for a time.
        while (await accepts(victim.port)) await new Promise((resolve) => setImmediate(resolve))
      } finally {
        await held.release()
      }
      const save = await held.save
      exitCode = ((await exited) as [number | null])[0]
      return [save]
    })
    expect(victim).toBeDefined()
    // The save in flight at the signal was answered by the stopping server itself, which then exited 0.
    const log = await accessLogOf(deployment, sent)
    const held = sent.find(({ save }) => save?.contractId === HELD_CONTRACT)!
    expect(held.status).toBe(200)
    expect(logged(log, held).upstreams).toEqual([victim!.address])
    expect(exitCode).toBe(0)

    expect(sent.filter((request) => !ok(request))).toEqual([])
    const survivor = deployment.servers.find((server) => server !== victim)!
    const after = sent.filter((request) => request.phase === 'after')
    expect(after).toHaveLength(AFTER)
    for (const request of after) expect(logged(log, request).upstreams.at(-1)).toBe(survivor.address)
    // What the stopping server refused, or closed on nginx as it drained, nginx passed on to the other.
    const passedOn = sent.filter((request) => logged(log, request).upstreams.length > 1)
    for (const request of passedOn) expect(logged(log, request).upstreams).toEqual([victim!.address, survivor.address])
    const saves = await expectAcknowledgedSavesKept(deployment, sent)
    if (process.env.NGINX_STATS)
      console.log(`SIGTERM: ${stats(sent)}, ${passedOn.length} passed on, ${saves} saves acknowledged`)
  })

  it('loses only requests in flight to a server killed with SIGKILL, and no acknowledged save', async () => {
    const deployment = await deploy()
    await prepareHeldContract(deployment)
    let victim: Server | undefined
    const sent = await underLoad(deployment, async () => {
      const held = await holdSave(deployment)
      victim = held.server
      const exited = once(victim.child, 'exit')
      victim.child.kill('SIGKILL')
      await exited
      await held.release()
      return [await held.save]
    })
    expect(victim).toBeDefined()
    const survivor = deployment.servers.find((server) => server !== victim)!
    const log = await accessLogOf(deployment, sent)

    // The save inside the killed server was passed on by nginx, and stored once (expectAcknowledgedSavesKept).
    const held = sent.find(({ save }) => save?.contractId === HELD_CONTRACT)!
    expect(held.status).toBe(200)
    expect(logged(log, held).upstreams).toEqual([victim!.address, survivor.address])
    const after = sent.filter((request) => request.phase === 'after')
    expect(after).toHaveLength(AFTER)
    for (const request of after) expect(logged(log, request).upstreams.at(-1)).toBe(survivor.address)

    // What failed had been sent to the killed server and was not passed on.
    const failed = sent.filter((request) => !ok(request))
    for (const request of failed) expect(logged(log, request).upstreams).toEqual([victim!.address])
    const passedOn = sent.filter((request) => logged(log, request).upstreams.length > 1)
    for (const request of passedOn) expect(logged(log, request).upstreams).toEqual([victim!.address, survivor.address])
    const saves = await expectAcknowledgedSavesKept(deployment, sent)

    // The health check answers through nginx: the survivor.
    const health = await fetch(`${deployment.nginx.url}/api/v1/health`)
    expect(health.status).toBe(200)
    if (process.env.NGINX_STATS) {
      console.log(
        `SIGKILL: ${stats(sent)}, ${failed.length} failed, ${passedOn.length} passed on, ${saves} saves acknowledged`,
      )
    }
  })
})
