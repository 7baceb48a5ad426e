/**
 * The reference API's throughput on loopback, next to a bare Node `http`
 * server answering a constant JSON body in the same run with the same
 * connections, each load after 2 s of the same load that is not counted: calculations, the same calculation rendered
 * as the element's HTML (RenderFeeOptions, which runs the widget's server renderer of dist/server.js), and saves
 * on SQLite and on PostgreSQL (a throwaway cluster, server/test/support/postgres-cluster.ts). Every server runs in its own
 * process; autocannon runs in this one. Calculations are measured in rounds, each right after a load of the
 * bare server, and each round's share is taken against that bare load. Figures only: nothing here passes or fails.
 */

import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { type PostgresCluster, startPostgresCluster } from '../../server/test/support/postgres-cluster.ts'
import { freePort, startServerProcess, waitUntilAnswering } from '../../server/test/support/server-process.ts'

/** Bounded load: a few connections for a few seconds, loopback only. */
const CONNECTIONS = 10
const DURATION_S = 5
/**
 * Calculations are measured in this many rounds of ROUND_S, each right after a load of the bare server just as
 * long. This machine's speed moves from one second to the next (a loop of pure arithmetic takes between 330 and
 * 640 ms from one run to the next), so a share is only taken between loads a second apart, and the median of
 * many short pairs is steadier than that of three long ones (whose medians differed by a fifth from run to run).
 */
const ROUNDS = 15
const ROUND_S = 1
/** Saves are spread over this many contracts, as a university's are (one contract's saves queue on its counter). */
const CONTRACTS = 1000
const API_KEY = 'bench-api-key-0123'

/** A bare Node http server answering a constant JSON body: the ceiling to compare with. */
const BARE_SERVER = `
const body = JSON.stringify({ status: 'ok', feeAmount: 515.21, totalFees: 12 })
require('node:http').createServer((req, res) => {
  req.resume()
  req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }); res.end(body) })
}).listen(Number(process.env.PORT), '127.0.0.1')
`

const INPUT = {
  currency: 'EUR',
  dateOfPayment: '2030-01-05',
  finalAmount: 6000,
  numberOfFees: 18,
  system: 1,
  financialType: 0,
  contractId: 'C-BENCH',
}
const HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': API_KEY }
/** The calculation's request, sent to the bare server too: the same bytes in on both sides. */
const CALCULATION_REQUEST = { method: 'POST', headers: HEADERS, body: JSON.stringify(INPUT) } as const

export interface LoadFigures {
  label: string
  /** What one request of the load is: its server CPU is printed per calculation, per save, or per request. */
  per: 'calculation' | 'render' | 'save' | 'request'
  /** Requests per second, mean over the run. */
  rps: number
  p50Ms: number
  p99Ms: number
  /** CPU time the server process spent per answered request (user + system), when /proc tells: steadier than req/s on a shared machine. */
  cpuUsPerRequest: number | null
  /** How long the load ran, not counted, before it was measured (warmUp). */
  warmedUpS?: number
  /** Connection errors and timeouts, and answers that were not 2xx: both should be 0. */
  errors: number
  non2xx: number
  /** Measured in rounds next to the bare server: the median round's share of the bare rate next to it, and the CPU ratio. */
  paired?: { ofBare: number; cpuTimesBare: number | null; rounds: number[] }
}

/** Seconds of CPU (user + system) process `pid` has used so far, from /proc; null where there is no /proc. */
function cpuSeconds(pid: number | undefined): number | null {
  const file = `/proc/${pid}/stat`
  if (pid === undefined || !existsSync(file)) return null
  // The fields after the command name (which may hold spaces) in parentheses; utime and stime are the 12th and 13th.
  const stat = readFileSync(file, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * Each load is first run, not counted, until the server has compiled its code, on every server alike (the bare
 * one included): the figures are those of a server in its steady state, not of one compiling, which a server with
 * more code does for longer. V8 compiles (and marks, concurrently) on threads of its own, named V8Worker, so the
 * warm-up goes on a second at a time until they use under COMPILING_SHARE of the server's CPU in a second: at
 * least WARM_UP_MIN_S, at most WARM_UP_MAX_S (WARM_UP_MIN_S where /proc does not tell). A fixed 2 s was not
 * enough: on a busy 2-core machine the server went on compiling for 4 to 6 s of a calculation load (TurboFan took
 * 213 ms for one function of the request's path), and the first rounds counted it (docs/performance.md).
 */
const WARM_UP_MIN_S = 2
const WARM_UP_MAX_S = 20
const COMPILING_SHARE = 0.03

/** CPU seconds process `pid` has used so far, in all and in V8's worker threads; null where there is no /proc. */
function threadSeconds(pid: number | undefined): { all: number; workers: number } | null {
  const dir = `/proc/${pid}/task`
  if (pid === undefined || !existsSync(dir)) return null
  let all = 0
  let workers = 0
  for (const task of readdirSync(dir)) {
    try {
      const stat = readFileSync(`${dir}/${task}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
      all += seconds
      if (readFileSync(`${dir}/${task}/comm`, 'utf8').trim() === 'V8Worker') workers += seconds
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return { all, workers }
}

/** Loads `url` until the server is warm (see WARM_UP_MIN_S); resolves with the seconds it took. */
async function warmUp(url: string, pid: number | undefined, options: Partial<autocannon.Options>): Promise<number> {
  await cannon(url, WARM_UP_MIN_S, options)
  let seconds = WARM_UP_MIN_S
  for (; seconds < WARM_UP_MAX_S; seconds += 1) {
    const before = threadSeconds(pid)
    if (before === null) break
    await cannon(url, 1, options)
    const after = threadSeconds(pid)
    if (after === null) break
    const all = after.all - before.all
    if (all > 0 && (after.workers - before.workers) / all < COMPILING_SHARE) break
  }
  return seconds
}

const cannon = (url: string, duration: number, options: Partial<autocannon.Options>) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  )

async function load(
  label: string,
  per: LoadFigures['per'],
  url: string,
  serverPid: number | undefined,
  options: Partial<autocannon.Options> = {},
): Promise<LoadFigures> {
  const warmedUpS = await warmUp(url, serverPid, options)
  return { ...(await measured(label, per, url, serverPid, DURATION_S, options)), warmedUpS }
}

/** One load of `seconds`, with no warm-up: the server's figures over it. */
async function measured(
  label: string,
  per: LoadFigures['per'],
  url: string,
  serverPid: number | undefined,
  seconds: number,
  options: Partial<autocannon.Options> = {},
): Promise<LoadFigures> {
  const cpuBefore = cpuSeconds(serverPid)
  const result = await cannon(url, seconds, options)
  const cpuAfter = cpuSeconds(serverPid)
  const answered = result.requests.total
  return {
    label,
    per,
    rps: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || answered === 0 ? null : ((cpuAfter - cpuBefore) * 1e6) / answered,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** The bare server, with the calculations' request: `url`, and its process. */
interface Bare {
  url: string
  pid: number | undefined
}

const median = <T>(sorted: readonly T[]): T => sorted[Math.floor(sorted.length / 2)] as T
const quartiles = (sorted: readonly number[]) =>
  [sorted[Math.floor((sorted.length - 1) / 4)], sorted[Math.ceil((3 * (sorted.length - 1)) / 4)]] as [number, number]

/**
 * CalculateFeeOptions in ROUNDS rounds, each right after a load of the bare server (both with the same
 * connections and body, both warmed up first). Returns the median round (by share of bare) with the CPU per
 * request over every round, and every bare load.
 */
async function calculate(
  label: string,
  root: string,
  pid: number | undefined,
  bare: Bare,
): Promise<{ row: LoadFigures; bare: LoadFigures[] }> {
  const url = `${root}/Calculator/CalculateFeeOptions`
  const bareLabel = 'bare Node http, constant JSON'
  await warmUp(bare.url, bare.pid, CALCULATION_REQUEST)
  const warmedUpS = await warmUp(url, pid, CALCULATION_REQUEST)
  const rounds: { api: LoadFigures; bare: LoadFigures }[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareLoad = await measured(bareLabel, 'request', bare.url, bare.pid, ROUND_S, CALCULATION_REQUEST)
    rounds.push({ bare: bareLoad, api: await measured(label, 'calculation', url, pid, ROUND_S, CALCULATION_REQUEST) })
  }
  const share = ({ api, bare }: (typeof rounds)[number]) => api.rps / bare.rps
  const middle = median([...rounds].sort((a, b) => share(a) - share(b)))
  // CPU per request over all the rounds: a second's worth of /proc ticks is too coarse to compare one round's.
  const cpuOver = (loads: LoadFigures[]) =>
    loads.some((load) => load.cpuUsPerRequest === null)
      ? null
      : loads.reduce((sum, load) => sum + (load.cpuUsPerRequest as number) * load.rps, 0) /
        loads.reduce((sum, load) => sum + load.rps, 0)
  const apiCpu = cpuOver(rounds.map(({ api }) => api))
  const bareCpu = cpuOver(rounds.map(({ bare }) => bare))
  const row: LoadFigures = {
    ...middle.api,
    warmedUpS,
    cpuUsPerRequest: apiCpu,
    // Every round's failures count, not the median one's only.
    errors: rounds.reduce((sum, { api }) => sum + api.errors, 0),
    non2xx: rounds.reduce((sum, { api }) => sum + api.non2xx, 0),
    paired: {
      ofBare: share(middle),
      cpuTimesBare: apiCpu === null || bareCpu === null ? null : apiCpu / bareCpu,
      rounds: rounds.map(share),
    },
  }
  return { row, bare: rounds.map(({ bare }) => bare) }
}

/** RenderFeeOptions with the calculation's request: the element's HTML, card and figures, for the same input. */
function render(label: string, root: string, pid: number | undefined): Promise<LoadFigures> {
  return load(label, 'render', `${root}/Calculator/RenderFeeOptions`, pid, CALCULATION_REQUEST)
}

function save(label: string, root: string, pid: number | undefined): Promise<LoadFigures> {
  let sent = 0
  return load(label, 'save', `${root}/Calculator/FrontCalculateFees`, pid, {
    method: 'POST',
    headers: HEADERS,
    requests: [
      {
        setupRequest: (request) => {
          sent += 1
          const body = { ...INPUT, contractId: `C-BENCH-${sent % CONTRACTS}`, isSavedVersion: true }
          return { ...request, body: JSON.stringify(body) }
        },
      },
    ],
  })
}

/** The API server in its own process with `env`, stopped after `use`. */
async function withApi<T>(
  env: Record<string, string>,
  use: (root: string, pid: number | undefined) => Promise<T>,
): Promise<T> {
  const port = await freePort()
  const server = await startServerProcess(port, { FEES_API_KEY: API_KEY, ...env })
  try {
    return await use(`http://127.0.0.1:${port}/api/v1`, server.pid)
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
}

export interface ApiReport {
  rows: LoadFigures[]
  /** Every load of the bare server, in order: how much the machine drifted during the run. */
  bare: LoadFigures[]
  /** Why PostgreSQL was left out, when it was. */
  postgresSkipped: string | null
}

/** Runs every load in turn: on SQLite, then on PostgreSQL, calculations in rounds beside the bare server, then saves. */
export async function apiThroughput(): Promise<ApiReport> {
  const dir = mkdtempSync(join(tmpdir(), 'fees-bench-'))
  const barePort = await freePort()
  const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'ignore',
  })
  let cluster: PostgresCluster | null = null
  try {
    await waitUntilAnswering(`http://127.0.0.1:${barePort}/`, bare)
    const bareLoads: LoadFigures[] = []
    const bareServer: Bare = { url: `http://127.0.0.1:${barePort}/`, pid: bare.pid }
    const rows: LoadFigures[] = []
    const measure = async (store: string, root: string, pid: number | undefined) => {
      const calculations = await calculate(`POST CalculateFeeOptions (${store} server)`, root, pid, bareServer)
      bareLoads.push(...calculations.bare)
      rows.push(calculations.row)
      rows.push(await render(`POST RenderFeeOptions (${store} server)`, root, pid))
      rows.push(await save(`POST FrontCalculateFees saving, ${store}`, root, pid))
    }
    await withApi({ FEES_DB: join(dir, 'bench.sqlite') }, (root, pid) => measure('SQLite', root, pid))
    let postgresSkipped: string | null = null
    try {
      cluster = await startPostgresCluster()
    } catch (error) {
      postgresSkipped = (error as Error).message
    }
    if (cluster !== null) {
      const url = await cluster.createDatabase('fees_bench')
      const store = `PostgreSQL ${cluster.version}`
      await withApi({ DATABASE_URL: url }, (root, pid) => measure(store, root, pid))
    }
    return { rows, bare: bareLoads, postgresSkipped }
  } finally {
    bare.kill()
    await cluster?.remove()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The report as lines of `label  value`. */
export function printApiReport(report: ApiReport, line: (label: string, value: string) => void): void {
  const rates = report.bare.map((row) => row.rps).sort((a, b) => a - b)
  const cpus = report.bare.map((row) => row.cpuUsPerRequest)
  const bareRps = rates.length === 0 ? 0 : median(rates)
  const bareCpu = cpus.every((cpu) => cpu !== null) && cpus.length > 0 ? median([...cpus].sort((a, b) => a - b)) : null
  if (rates.length > 0) {
    const cpu = bareCpu === null ? '' : `, server CPU ${bareCpu.toFixed(0)} µs per request`
    const range = `${(rates[0] as number).toFixed(0)}–${(rates[rates.length - 1] as number).toFixed(0)}`
    line(`bare Node http, constant JSON (${rates.length} loads)`, `median ${bareRps.toFixed(0)} req/s (${range})${cpu}`)
  }
  for (const row of report.rows) {
    const failures = row.errors + row.non2xx > 0 ? `, ${row.errors} errors, ${row.non2xx} non-2xx` : ''
    // CPU per request is the steadier figure on a shared machine: req/s also moves with what else runs.
    const cpuTimesBare =
      row.paired !== undefined
        ? row.paired.cpuTimesBare
        : bareCpu === null || row.cpuUsPerRequest === null
          ? null
          : row.cpuUsPerRequest / bareCpu
    const cpuShare = cpuTimesBare === null ? '' : ` (${cpuTimesBare.toFixed(1)}× bare)`
    const cpu =
      row.cpuUsPerRequest === null ? '' : `, server CPU ${row.cpuUsPerRequest.toFixed(0)} µs per ${row.per}${cpuShare}`
    const share =
      row.paired !== undefined
        ? `, ${row.paired.ofBare.toFixed(2)} of the bare load next to it (median of ${row.paired.rounds.length} rounds, quartiles ${quartiles(
            [...row.paired.rounds].sort((a, b) => a - b),
          )
            .map((share) => share.toFixed(2))
            .join('–')})`
        : bareRps > 0
          ? `, ${(row.rps / bareRps).toFixed(2)} of bare`
          : ''
    const warm = row.warmedUpS === undefined ? '' : `, after ${row.warmedUpS} s of warm-up`
    line(
      row.label,
      `${row.rps.toFixed(0)} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms${cpu}${share}${warm}${failures}`,
    )
  }
  if (report.postgresSkipped !== null) line('PostgreSQL', `not measured: ${report.postgresSkipped}`)
}

/**
 * The least share of the bare server's rate a calculation keeps, with everything an operator relies on on (every
 * request logged, counted on /metrics, given an id and the security headers): on this two-core machine the load
 * generator shares the cores with the server, which caps the share well under 1.
 */
export const OF_BARE_FLOOR = 0.4

/** The calculations that fall short of OF_BARE_FLOOR, as lines to print; none when all hold. */
export function belowFloor(report: ApiReport): string[] {
  return report.rows.flatMap((row) =>
    row.paired !== undefined && row.paired.ofBare < OF_BARE_FLOOR
      ? [`${row.label}: ${row.paired.ofBare.toFixed(2)} of bare, under ${OF_BARE_FLOOR}`]
      : [],
  )
}

// `npm run bench:api`: this section of the report on its own; it exits 1 when a calculation falls under the floor.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    `Reference API on loopback: autocannon, ${CONNECTIONS} connections, every server in its own process (as shipped: access log and metrics on), each load after a warm-up until the server stops compiling (its V8 worker threads under ${COMPILING_SHARE * 100} % of its CPU in a second; ${WARM_UP_MIN_S} to ${WARM_UP_MAX_S} s); calculations in ${ROUNDS} rounds of ${ROUND_S} s, each against a ${ROUND_S} s load of the bare server just before it ("of bare" is the median round; server CPU is per calculation); saves ${DURATION_S} s, against the bare median`,
  )
  // How busy the machine was, which moves every figure (the rounds' quartiles say how much).
  const load = () =>
    loadavg()
      .map((average) => average.toFixed(2))
      .join(' / ')
  console.log(`  load average (1 / 5 / 15 min) before: ${load()}`)
  const report = await apiThroughput()
  printApiReport(report, (label, value) => console.log(`  ${label.padEnd(52)} ${value}`))
  console.log(`  load average (1 / 5 / 15 min) after: ${load()}`)
  const short = belowFloor(report)
  console.log(
    short.length === 0
      ? `Every calculation at ${OF_BARE_FLOOR} of bare or more.`
      : `Under the floor: ${short.join('; ')}`,
  )
  if (short.length > 0) process.exitCode = 1
}
