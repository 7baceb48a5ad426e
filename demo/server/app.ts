/**
 * The reference server: the API under /api/v1, the demo pages and the built
 * files, on one port. `createApp` builds it without listening (for any
 * runtime or test); `startServer` listens on Node.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { API_BASE, apiRoutes } from './api.ts'
import { ownOrigin, type Config } from './config.ts'
import { openVersionStore, type VersionStore } from './db.ts'
import { demoPageRoutes, type DemoPages } from './demo-pages.ts'
import { problem, problemResponse } from './problem.ts'
import { staticRoutes } from './static.ts'

const REPO_ROOT = join(import.meta.dirname, '../../')

export interface AppOptions {
  /** Where the build is (`dist/fees-calculator.js`, `dist/app/index.html`); default `<repo>/dist`. */
  distDir?: string
  /** Where portal.html and crm.html are; default `<repo>/demo`. */
  demoDir?: string
  /** The store to use instead of opening `config.dbPath`; the caller closes it. */
  store?: VersionStore
  /** The origin this server is reached at: the CORS list when FEES_CORS_ORIGINS is not set. */
  ownOrigin?: () => string
  /** What the server takes as now (the drawdown day of every APR); default the machine's clock. */
  clock?: () => Date
}

export interface ServerApp {
  app: Hono
  store: VersionStore
  demoPages: DemoPages
  /** Closes what createApp opened. */
  close(): void
}

export function createApp(config: Config, options: AppOptions = {}): ServerApp {
  const store = options.store ?? openVersionStore(config.dbPath)
  const origin = options.ownOrigin ?? (() => ownOrigin(config.host, config.port))
  const allowedOrigins = () => config.corsOrigins ?? [origin()]

  const app = new Hono()
  app.route(API_BASE, apiRoutes(config, store, allowedOrigins, options.clock))
  const demoPages = demoPageRoutes(app, {
    demoDir: options.demoDir ?? `${REPO_ROOT}demo`,
    jwtSecret: config.jwtSecret,
    minFees: config.minFees,
    maxFees: config.maxFees,
  })
  staticRoutes(app, options.distDir ?? `${REPO_ROOT}dist`)

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/'))
      return problemResponse(problem('not_found', `Nothing answers ${c.req.method} ${c.req.path}.`))
    return c.text('Not found.\n', 404)
  })
  app.onError((error) => {
    // Never the stack in the answer; never a request's headers in the log (they carry credentials).
    console.error('Unexpected error:', error instanceof Error ? error.message : String(error))
    return problemResponse(problem('internal_error', 'The server could not answer this request.'))
  })

  return {
    app,
    store,
    demoPages,
    close: () => {
      if (options.store === undefined) store.close()
    },
  }
}

/** On close, how often connections that have just finished their request are closed. */
const IDLE_SWEEP_MS = 20
/** On close, how long requests in flight may take before their connections are cut. */
const DRAIN_DEADLINE_MS = 5000

export interface RunningServer {
  /** e.g. `http://127.0.0.1:4173` */
  url: string
  port: number
  close(): Promise<void>
}

/** Listens on config.host:config.port (port 0 picks a free one) and mints the demo token. */
export async function startServer(config: Config, options: AppOptions = {}): Promise<RunningServer> {
  let port = config.port
  const server = createApp(config, { ownOrigin: () => ownOrigin(config.host, port), ...options })
  await server.demoPages.warm()
  const listening = serve({ fetch: server.app.fetch, hostname: config.host, port: config.port })
  try {
    port = await new Promise<number>((resolveListening, rejectListening) => {
      if (listening.listening) return resolveListening((listening.address() as AddressInfo).port)
      listening.once('listening', () => resolveListening((listening.address() as AddressInfo).port))
      listening.once('error', rejectListening)
    })
  } catch (error) {
    server.close()
    throw error
  }
  return {
    url: ownOrigin(config.host, port),
    port,
    close: () =>
      new Promise<void>((resolveClosed) => {
        // Stop accepting; requests already in flight finish, then the store closes.
        listening.close(() => {
          clearInterval(sweep)
          clearTimeout(deadline)
          server.close()
          resolveClosed()
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
