/**
 * The reference server: the API under /api/v1, the demo pages and the built
 * files, on one port. `createApp` builds it without listening (for any
 * runtime or test); `startServer` listens on Node.
 */
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { API_BASE, apiRoutes } from './api.ts'
import { createAuthenticator } from './auth.ts'
import { type Clock, createCalculator } from './calculator.ts'
import { ownOrigin, type Config } from './config.ts'
import { openStore } from './store/open.ts'
import { openSqliteStore } from './store/sqlite.ts'
import type { VersionStore } from './store/types.ts'
import { demoPageRoutes, type DemoPages } from './demo-pages.ts'
import { hotRoutes, type HotRoutes } from './hot-routes.ts'
import { problem, problemResponse, unexpectedErrorProblem } from './problem.ts'
import { staticRoutes } from './static.ts'

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
}

export interface ServerApp {
  app: Hono
  /** The calculator's POST endpoints on Node's request, answered as `app` would; the rest is left to `app`. */
  hot: HotRoutes
  store: VersionStore
  demoPages: DemoPages
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
  const calculator = createCalculator(config, store, options.clock)
  const app = new Hono()
  app.route(API_BASE, apiRoutes(config, store, allowedOrigins, { authenticate, calculator }))
  const demoPages = demoPageRoutes(app, {
    demoDir: options.demoDir ?? config.demoDir,
    jwtSecret: config.jwtSecret,
    minFees: config.minFees,
    maxFees: config.maxFees,
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
  const listening = createServer((request, response) => {
    if (!server.hot(request, response)) void honoListener(request, response)
  })
  // An idle keep-alive connection stays open longer than a client or a proxy in front keeps it (nginx and
  // most load balancers: 60 s), so that they close it first: a server closing it as a request is sent on
  // it would make that request fail with a reset (Node's default, 5 s, invites that under load).
  listening.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  listening.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
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
