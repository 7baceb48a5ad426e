/**
 * The reference server: the API under /api/v1, the demo pages and the built
 * files, on one port. `createApp` builds it without listening (for any
 * runtime or test); `startServer` listens on Node.
 */

import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { API_BASE, apiRoutes } from './api.ts'
import { createAuthenticator } from './auth.ts'
import { type Clock, createCalculator } from './calculator.ts'
import { type Config, ownOrigin } from './config.ts'
import { type DemoPages, demoPageRoutes } from './demo-pages.ts'
import { type HotRoutes, hotRoutes } from './hot-routes.ts'
import { createOperations, type Operations, requestIdOf } from './operations.ts'
import { PROBLEM_CONTENT_TYPE, problem, problemResponse, unexpectedErrorProblem } from './problem.ts'
import { staticRoutes } from './static.ts'
import { openStore } from './store/open.ts'
import { openSqliteStore } from './store/sqlite.ts'
import type { VersionStore } from './store/types.ts'

/**
 * The middleware of the whole app, in order, and what the hot paths (hot-routes.ts), which answer the calculator's
 * POSTs without Hono, do in its place; the API's own are API_MIDDLEWARE. A middleware added to the app must be named
 * here (server/test/api/hot-routes.test.ts counts them), and so be decided for the hot paths too.
 */
export const APP_MIDDLEWARE = {
  problemRequestId: 'sendProblem puts the request id in the problem',
} as const

export interface AppOptions {
  /** Where the build is (`fees-calculator.js`, `app/index.html`) instead of the configured FEES_DIST_DIR. */
  distDir?: string
  /** Where portal.html and crm.html are instead of the configured FEES_DEMO_DIR. */
  demoDir?: string
  /** The store to use instead of opening the configured one; the caller closes it. */
  store?: VersionStore
  /** The origin this server is reached at: the CORS list when FEES_CORS_ORIGINS is not set. */
  ownOrigin?: () => string
  /** What the server takes as now (the drawdown day of every APR); default the machine's clock. */
  clock?: Clock
  /** The logger and metrics to use instead of ones made from the configuration (tests read their log lines). */
  operations?: Operations
}

export interface ServerApp {
  app: Hono
  /** The calculator's POST endpoints on Node's request, answered as `app` would; the rest is left to `app`. */
  hot: HotRoutes
  store: VersionStore
  demoPages: DemoPages
  /** The log, the request ids, the metrics and the security headers: what startServer wraps its listener with. */
  operations: Operations
  /** Closes what createApp opened. */
  close(): Promise<void>
}

/**
 * The app on a store that is given, or on the SQLite file of the configuration.
 * A PostgreSQL store is opened asynchronously (it connects and migrates first):
 * `startServer` does that, or the caller passes `openStore(config)`'s store.
 */
export function createApp(config: Config, options: AppOptions = {}): ServerApp {
  if (options.store === undefined && config.databaseUrl !== null)
    throw new Error('DATABASE_URL is set: open the store with openStore(config) and pass it, or use startServer.')
  const store = options.store ?? openSqliteStore(config.dbPath)
  const origin = options.ownOrigin ?? (() => ownOrigin(config.host, config.port))
  const allowedOrigins = () => config.corsOrigins ?? [origin()]

  const authenticate = createAuthenticator(config)
  const operations =
    options.operations ??
    createOperations({
      accessLog: config.accessLog,
      metrics: config.metrics,
      metricsToken: config.metricsToken,
      frameAncestors: config.frameAncestors,
    })
  if (store.poolUse) operations.watchPool(store.poolUse.bind(store))
  const calculator = createCalculator(config, store, options.clock, operations.saveEvents)
  const app = new Hono()
  // APP_MIDDLEWARE.problemRequestId: every problem carries the request's id, so a student's "my save failed at 10:32"
  // can be found in the log.
  app.use('*', async (c, next) => {
    await next()
    if (!c.res.headers.get('Content-Type')?.startsWith(PROBLEM_CONTENT_TYPE)) return
    const body = (await c.res.json()) as Record<string, unknown>
    // A plain record, as problemResponse gives: the Node adapter then writes the answer as it does every other.
    const headers = Object.fromEntries(c.res.headers)
    delete headers['content-length']
    c.res = new Response(
      JSON.stringify({
        ...body,
        requestId: requestIdOf((c.env as { incoming?: IncomingMessage } | undefined)?.incoming),
      }),
      {
        status: c.res.status,
        headers,
      },
    )
  })
  app.route(API_BASE, apiRoutes(config, store, allowedOrigins, { authenticate, calculator }))
  const demoPages = demoPageRoutes(app, {
    demoDir: options.demoDir ?? config.demoDir,
    jwtSecret: config.jwtSecret,
    minFees: config.minFees,
    maxFees: config.maxFees,
    frameAncestors: config.frameAncestors,
  })
  staticRoutes(app, options.distDir ?? config.distDir)

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/'))
      return problemResponse(problem('not_found', `Nothing answers ${c.req.method} ${c.req.path}.`))
    return c.text('Not found.\n', 404)
  })
  app.onError((error) => {
    const failed = unexpectedErrorProblem(error)
    return problemResponse(failed.problem, failed.headers)
  })

  return {
    app,
    hot: hotRoutes({ base: API_BASE, authenticate, calculator, allowedOrigins }),
    store,
    demoPages,
    operations,
    close: async () => {
      if (options.store === undefined) await store.close()
    },
  }
}

/** On close, how often connections that have just finished their request are closed. */
const IDLE_SWEEP_MS = 20
/** On close, how long requests in flight may take before their connections are cut. */
const DRAIN_DEADLINE_MS = 5000
/** How long an idle keep-alive connection is kept (see startServer). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000

export interface RunningServer {
  /** e.g. `http://127.0.0.1:4173` */
  url: string
  port: number
  /** Where the versions are: the SQLite file, or the PostgreSQL URL without its password. */
  database: string
  close(): Promise<void>
}

/** Listens on config.host:config.port (port 0 picks a free one) and mints the demo token. */
export async function startServer(config: Config, options: AppOptions = {}): Promise<RunningServer> {
  let port = config.port
  const store = options.store ?? (await openStore(config))
  const ownsStore = options.store === undefined
  const closeStore = async () => {
    if (ownsStore) await store.close()
  }
  const server = createApp(config, { ownOrigin: () => ownOrigin(config.host, port), ...options, store })
  try {
    await server.demoPages.warm()
  } catch (error) {
    await closeStore()
    throw error
  }
  // The hot paths first; whatever they leave goes through the Hono adapter (what its `serve` does).
  const honoListener = getRequestListener(server.app.fetch, { hostname: config.host })
  const listening = createServer(
    {
      // A client that sends half its headers, or stops half-way through its body, holds a connection and its
      // memory: it is answered 408 and cut off once these run out, checked every second (Node's default: 30 s).
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
      // An idle keep-alive connection stays open longer than a client or a proxy in front keeps it (nginx and
      // most load balancers: 60 s), so that they close it first: a server closing it as a request is sent on
      // it would make that request fail with a reset (Node's default, 5 s, invites that under load).
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    },
    server.operations.wrap(server.hot, (request, response) => void honoListener(request, response)),
  )
  // A connection silent this long in the middle of a request (a body that stopped, a client that connected
  // and sent nothing) is closed; between requests keepAliveTimeout applies instead.
  listening.timeout = config.idleTimeoutMs
  listening.listen(config.port, config.host)
  try {
    port = await new Promise<number>((resolveListening, rejectListening) => {
      if (listening.listening) return resolveListening((listening.address() as AddressInfo).port)
      listening.once('listening', () => resolveListening((listening.address() as AddressInfo).port))
      listening.once('error', rejectListening)
    })
  } catch (error) {
    await closeStore()
    throw error
  }
  return {
    url: ownOrigin(config.host, port),
    port,
    database: `${store.kind} ${store.location}`,
    close: () =>
      new Promise<void>((resolveClosed) => {
        // Stop accepting; requests already in flight finish, then the store closes.
        listening.close(() => {
          clearInterval(sweep)
          clearTimeout(deadline)
          server.operations.flush()
          closeStore().then(resolveClosed, (error: unknown) => {
            console.error('Closing the database failed:', error instanceof Error ? error.message : error)
            resolveClosed()
          })
        })
        // Keep-alive sockets would hold close() open until they time out: each is closed as soon as it is idle.
        const http = listening as HttpServer
        http.closeIdleConnections()
        const sweep = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS)
        // A request that never ends (a stalled upload) does not keep the process alive for ever.
        const deadline = setTimeout(() => http.closeAllConnections(), DRAIN_DEADLINE_MS)
      }),
  }
}
