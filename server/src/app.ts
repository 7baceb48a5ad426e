/**
 * The reference server: the API under /api/v1, the demo pages and the built
 * files, on one port. `createApp` builds it without listening (for any
 * runtime or test); `startServer` listens on Node.
 */

import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Context, Hono } from 'hono'
import { API_BASE, apiRoutes } from './api.ts'
import { createAuthenticator } from './auth.ts'
import { type Clock, createCalculator } from './calculator.ts'
import { type Config, ownOrigin } from './config.ts'
import { type DemoPages, demoPageRoutes } from './demo-pages.ts'
import { apiAnswers, MAX_BODY_BYTES } from './guards.ts'
import { createNodeServer } from './node-adapter.ts'
import { createObservability, type Observability } from './observability.ts'
import { problem, unexpectedErrorProblem } from './problem.ts'
import { type AppEnv, requestContext, requestIdOf } from './request-context.ts'
import { securityHeaders } from './security-headers.ts'
import { staticRoutes } from './static.ts'
import { openStore } from './store/open.ts'
import { openSqliteStore } from './store/sqlite.ts'
import type { VersionStore } from './store/types.ts'
import { ownRenderer } from './widget-renderer.ts'

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
  observability?: Observability
}

export interface ServerApp {
  app: Hono<AppEnv>
  store: VersionStore
  demoPages: DemoPages
  /** The log and the metrics, which the adapter (node-adapter.ts) writes once each answer is sent. */
  observability: Observability
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
  const store = options.store ?? openSqliteStore(config.dbPath, config.migrationsDir)
  const origin = options.ownOrigin ?? (() => ownOrigin(config.host, config.port))
  const allowedOrigins = () => config.corsOrigins ?? [origin()]

  const authenticate = createAuthenticator(config)
  const observability = options.observability ?? createObservability(config)
  if (store.poolUse) observability.watchPool(store.poolUse.bind(store))
  const calculator = createCalculator(config, store, options.clock, observability.saveEvents)
  const distDir = options.distDir ?? config.distDir
  // The pages and RenderFeeOptions render the element with what this app's own API answers, asked in this process.
  const renderer = ownRenderer(distDir, (request) => app.fetch(request))
  const answers = apiAnswers(allowedOrigins)
  const logFailure = (c: Context, cause: string) =>
    observability.logger.error({ requestId: requestIdOf(c), cause }, 'failed')
  const app = new Hono<AppEnv>()
  app.use(requestContext)
  app.use(securityHeaders(config.frameAncestors))
  if (config.metrics) app.get('/metrics', observability.metricsRoute)
  app.route(API_BASE, apiRoutes(config, store, { authenticate, calculator, answers, logFailure, renderer }))
  const demoPages = demoPageRoutes(app, {
    demoDir: options.demoDir ?? config.demoDir,
    jwtSecret: config.jwtSecret,
    minFees: config.minFees,
    maxFees: config.maxFees,
    frameAncestors: config.frameAncestors,
    renderer,
  })
  staticRoutes(app, distDir, { renderer, frameAncestors: config.frameAncestors })

  app.notFound((c) => {
    if (c.req.path.startsWith(`${API_BASE}/`))
      return answers.problem(c, problem('not_found', `Nothing answers ${c.req.method} ${c.req.path}.`))
    return c.text('Not found.\n', 404)
  })
  app.onError((error, c) => {
    const failed = unexpectedErrorProblem(error)
    logFailure(c, failed.cause)
    return answers.problem(c, failed.problem, failed.headers)
  })

  return {
    app,
    store,
    demoPages,
    observability,
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
  const listening = createNodeServer(server.app, server.observability, {
    hostname: config.host,
    maxBodyBytes: MAX_BODY_BYTES,
    // A client that sends half its headers, or stops half-way through its body, holds a connection and its
    // memory: it is answered 408 and cut off once these run out, checked every second (Node's default: 30 s).
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    // An idle keep-alive connection stays open longer than a client or a proxy in front keeps it (nginx and
    // most load balancers: 60 s), so that they close it first: a server closing it as a request is sent on
    // it would make that request fail with a reset (Node's default, 5 s, invites that under load).
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  })
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
          server.observability.flush()
          closeStore().then(resolveClosed, (error: unknown) => {
            server.observability.logger.error(
              { cause: error instanceof Error ? error.message : String(error) },
              'closing the database failed',
            )
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
