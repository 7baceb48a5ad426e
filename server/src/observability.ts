/**
 * What a university's IT team watches the server with: one JSON log line per request (and every other line the
 * server writes, in the same form) and Prometheus metrics. The adapter (node-adapter.ts) calls on it once each
 * answer is sent; the app serves /metrics from it.
 */

import type { Context, Handler } from 'hono'
import { routePath } from 'hono/route'
import pino, { type DestinationStream, type Logger } from 'pino'
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import { sameSecret } from './auth.ts'
import type { SaveEvents } from './calculator.ts'

/** Durations in seconds: the calculator answers in well under a millisecond, a save in a few. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/**
 * The label of a request on /metrics and in the log: the pattern of the app's route that answered it, as Hono
 * matched it (never a path with ids in it); `unmatched` when the app never saw the request (a request line the
 * adapter refused).
 */
export function routeLabel(context: Context | undefined): string {
  return context === undefined ? 'unmatched' : routePath(context)
}

/**
 * A request's access-log line, in pino's own format for an info line (`level` 30, `time` in epoch milliseconds),
 * written out here rather than by pino's `info` (which walks and serializes an object per line): the fields are
 * known, and the id (it passed the adapter's check or is a UUID) and the route (a pattern of the app's own routes)
 * need no escaping; the method comes from the client and is escaped.
 */
export function accessLine(requestId: string, method: string, route: string, status: number, ms: number): string {
  const durationMs = Math.round(ms * 100) / 100
  return `{"level":30,"time":${Date.now()},"requestId":"${requestId}","method":${JSON.stringify(method)},"route":"${route}","status":${status},"durationMs":${durationMs}}\n`
}

/** Access lines are written at the latest this long after the first of them was gathered… */
const GATHERED_MS = 100
/** …or as soon as this many characters are gathered. */
const GATHERED_MAX = 16 * 1024
/** What every log still holds, written when the process exits (an uncaught exception, process.exit). */
const unwritten = new Set<() => void>()
let writesAtExit = false

/**
 * Access lines gathered and written to the log's destination together, synchronously (pino's default for its
 * destination): at the latest `delayMs` after the first, or at every 16 KiB under load. Per request, both a line
 * of its own and a write at the end of each event-loop turn cost the server a good part of a calculation's time
 * (see docs/performance.md): a system call for every line or two, and, written asynchronously, a trip through
 * libuv's thread pool every 4 KiB; pino's destination also measures its whole pending buffer on every write. An
 * operator reading the log sees a line a tenth of a second late at most. `before` puts what is gathered in front
 * of a line pino writes itself, so the log stays in order; what is left is written on close and at exit.
 */
export function gatheredLines(destination: { write(text: string): unknown }, delayMs = GATHERED_MS) {
  let gathered = ''
  let timer: NodeJS.Timeout | undefined
  const write = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    unwritten.delete(write)
    if (gathered === '') return
    const text = gathered
    gathered = ''
    destination.write(text)
  }
  return {
    add(line: string) {
      gathered += line
      if (gathered.length >= GATHERED_MAX) write()
      else if (timer === undefined) {
        timer = setTimeout(write, delayMs)
        timer.unref()
        unwritten.add(write)
        if (!writesAtExit) {
          writesAtExit = true
          process.once('exit', () => {
            for (const pending of unwritten) pending()
          })
        }
      }
    },
    write,
    before(line: string): string {
      if (gathered === '') return line
      const text = gathered + line
      gathered = ''
      return text
    },
  }
}

/** A label's value as Prometheus's text format quotes it. */
const labelValue = (value: string) => value.replace(/[\\"\n]/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))

/**
 * The requests answered, counted by method, route and status, with their durations: per label set a plain count,
 * sum and count per bucket, found by a string key, written out in Prometheus's text format when /metrics is read.
 * prom-client's counter and histogram validate and hash the labels on every call, even through a child: 2.3 µs a
 * request for both, against 0.05 µs here (docs/performance.md).
 */
function requestSeries(buckets: readonly number[]) {
  interface Series {
    labels: string
    count: number
    sum: number
    /** Requests at or under each bucket's bound, the bucket alone (cumulated when written). */
    inBucket: number[]
  }
  const series = new Map<string, Series>()
  return {
    observe(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${route} ${status}`
      let one = series.get(key)
      if (one === undefined) {
        const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`
        one = { labels, count: 0, sum: 0, inBucket: buckets.map(() => 0) }
        series.set(key, one)
      }
      one.count += 1
      one.sum += seconds
      for (let b = 0; b < buckets.length; b += 1) {
        if (seconds <= (buckets[b] as number)) {
          one.inBucket[b] = (one.inBucket[b] as number) + 1
          break
        }
      }
    },
    /** The counter and the histogram in Prometheus's text format. */
    text(): string {
      const counter = 'fees_http_requests_total'
      const histogram = 'fees_http_request_duration_seconds'
      const lines = [`# HELP ${counter} Requests answered, by method, route and status.`, `# TYPE ${counter} counter`]
      for (const { labels, count } of series.values()) lines.push(`${counter}{${labels}} ${count}`)
      lines.push(
        `# HELP ${histogram} Time from the request to the end of its answer, by method, route and status.`,
        `# TYPE ${histogram} histogram`,
      )
      for (const { labels, count, sum, inBucket } of series.values()) {
        let cumulated = 0
        buckets.forEach((bound, b) => {
          cumulated += inBucket[b] as number
          lines.push(`${histogram}_bucket{le="${bound}",${labels}} ${cumulated}`)
        })
        lines.push(`${histogram}_bucket{le="+Inf",${labels}} ${count}`)
        lines.push(`${histogram}_sum{${labels}} ${sum}`, `${histogram}_count{${labels}} ${count}`)
      }
      return `${lines.join('\n')}\n`
    },
  }
}

export interface ObservabilityOptions {
  /** Whether one JSON line per request is written. */
  accessLog: boolean
  /** Whether /metrics answers. */
  metrics: boolean
  /** When set, /metrics answers only `Authorization: Bearer <this>`. */
  metricsToken: string | null
  /** Where the log lines go: stdout by default (written synchronously, gathered for up to 0.1 s), a stream in tests. */
  logDestination?: DestinationStream
}

export interface PoolUse {
  total: number
  idle: number
  waiting: number
}

export interface Observability {
  logger: Logger
  registry: Registry
  saveEvents: SaveEvents
  /** Reports the database pool's use on /metrics. */
  watchPool(use: () => PoolUse): void
  /** Counts an answered request, and writes its log line: `start` is when it came in (performance.now()). */
  answered(requestId: string, method: string, route: string, status: number, start: number): void
  /** GET /metrics: the counters in Prometheus's text format, for the bearer token of FEES_METRICS_TOKEN when set. */
  metricsRoute: Handler
  /** Writes what the logger still holds. */
  flush(): void
}

export function createObservability(options: ObservabilityOptions): Observability {
  const destination = options.logDestination ?? pino.destination({ dest: 1, sync: true })
  const accessLines = gatheredLines(destination)
  const logger = pino(
    // pino's own line: `level` 30 is info, `time` in epoch milliseconds (no date formatting per request).
    // The access lines gathered so far go out first, so the log stays in order.
    { base: null, hooks: { streamWrite: accessLines.before } },
    destination,
  )
  // A registry of its own: two servers in one process (tests) count apart.
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'fees_' })
  const requests = requestSeries(DURATION_BUCKETS)
  const saves = new Counter({
    name: 'fees_saves_total',
    help: 'Saves answered: new versions stored, and earlier ones given back for a repeated Idempotency-Key.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const databaseErrors = new Counter({
    name: 'fees_database_errors_total',
    help: 'Answers refused (503) because the database did not answer.',
    registers: [registry],
  })
  // Both outcomes shown from the start, so a rate can be taken before the first save.
  saves.inc({ outcome: 'stored' }, 0)
  saves.inc({ outcome: 'replayed' }, 0)

  const metricsToken = options.metricsToken === null ? null : `Bearer ${options.metricsToken}`
  const metricsRoute: Handler = async (c) => {
    if (metricsToken !== null && !sameSecret(c.req.header('Authorization') ?? '', metricsToken)) {
      return new Response('The metrics need the bearer token of FEES_METRICS_TOKEN.\n', {
        status: 401,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' },
      })
    }
    try {
      const text = `${await registry.metrics()}\n${requests.text()}`
      return new Response(text, { headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' } })
    } catch (error) {
      logger.error({ cause: (error as Error).message }, 'metrics failed')
      return new Response('The metrics could not be collected.\n', {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    }
  }

  return {
    logger,
    registry,
    saveEvents: { saved: (outcome) => saves.inc({ outcome }) },
    watchPool(use) {
      new Gauge({
        name: 'fees_db_pool_connections',
        help: 'The database pool: its connections (total, idle) and the queries waiting for one.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const now = use()
          this.set({ state: 'total' }, now.total)
          this.set({ state: 'idle' }, now.idle)
          this.set({ state: 'waiting' }, now.waiting)
        },
      })
    },
    flush: () => {
      accessLines.write()
      logger.flush()
    },
    answered(requestId, method, route, status, start) {
      const ms = performance.now() - start
      requests.observe(method, route, status, ms / 1000)
      if (status === 503) databaseErrors.inc()
      // Never the headers, the query or the body: they carry tokens, keys, cookies and students' data.
      if (options.accessLog) accessLines.add(accessLine(requestId, method, route, status, ms))
    },
    metricsRoute,
  }
}
