/**
 * `npm run serve` (and `npm run demo`): the reference server with the configuration of the environment (the
 * variables server/README.md lists). Everything it writes is a JSON line, as the access log is: the start, with
 * where everything is; warnings; errors, with the request id where there is one; and anything a library or
 * Node itself would have printed. None carries a token, a key or a body.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { format } from 'node:util'
import pino, { type Logger } from 'pino'
import serverPackage from '../package.json' with { type: 'json' }
import { startServer } from './app.ts'
import { type Config, ConfigError, DEFAULT_API_KEY, DEFAULT_JWT_SECRET, loadConfig } from './config.ts'
import { unsupportedNode } from './node-version.cjs'
import { createObservability } from './observability.ts'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

/** What a line says of an error: its message, never its stack or what it was thrown with. */
const causeOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Sends what would be printed outside the log to it instead, as JSON lines: the console's calls (a library's
 * messages), Node's warnings, and an error nothing caught, after which the process stops as Node would.
 */
function everythingToTheLog(log: Logger, flush: () => void): void {
  // What was printed is the line's message; an error's message only, not its stack.
  const line =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      log[level](format(...args.map((arg) => (arg instanceof Error ? arg.message : arg))))
  console.log = line('info')
  console.info = line('info')
  console.warn = line('warn')
  console.error = line('error')
  process.removeAllListeners('warning')
  process.on('warning', (warning) => log.warn({ warning: warning.name, cause: warning.message }, 'node warning'))
  const fatal = (kind: string) => (error: unknown) => {
    log.fatal({ cause: causeOf(error) }, kind)
    flush()
    process.exit(1)
  }
  process.on('uncaughtException', fatal('uncaught exception'))
  process.on('unhandledRejection', fatal('unhandled rejection'))
}

async function main(): Promise<void> {
  // Before the database is opened: on an older Node, better-sqlite3 ends the process with a segmentation fault.
  const oldNode = unsupportedNode(process.version, serverPackage.engines.node, 'The fees-calculator server')
  if (oldNode !== null) {
    startLog.fatal(oldNode)
    process.exit(1)
  }
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      startLog.fatal({ cause: error.message }, 'the configuration is not valid')
      process.exit(1)
    }
    throw error
  }
  const observability = createObservability(config)
  const log = observability.logger
  everythingToTheLog(log, observability.flush)
  if (
    !LOOPBACK_HOSTS.has(config.host) &&
    (config.apiKey === DEFAULT_API_KEY || (config.jwksUrl === null && config.jwtSecret === DEFAULT_JWT_SECRET))
  ) {
    log.warn('listening beyond this machine with the demo FEES_API_KEY or FEES_JWT_SECRET: set your own')
  }
  if (!existsSync(join(config.distDir, 'fees-calculator.js'))) {
    log.warn(
      { distDir: config.distDir },
      'no build: the pages will not load the calculator until `npm run build` has run (or FEES_DIST_DIR names the build)',
    )
  }

  const server = await startServer(config, { observability })
  const { url } = server
  log.info(
    {
      url,
      app: `${url}/fees`,
      portal: `${url}/demo/portal.html`,
      portalOptions: '?lang=en, ?type=1, ?system=3',
      crm: `${url}/demo/crm.html`,
      strictCsp: `${url}/demo/strict-csp.html`,
      trustedTypes: `${url}/demo/trusted-types.html`,
      bundle: `${url}/dist/fees-calculator.js`,
      api: `${url}/api/v1`,
      openapi: `${url}/api/v1/openapi.json`,
      health: `${url}/api/v1/health`,
      metrics: config.metrics
        ? `${url}/metrics${config.metricsToken === null ? '' : ' (bearer FEES_METRICS_TOKEN)'}`
        : 'off (FEES_METRICS=false)',
      accessLog: config.accessLog ? 'one JSON line per request' : 'off (FEES_ACCESS_LOG=false)',
      database: server.database,
    },
    `fees-calculator reference server on ${url} (Ctrl+C stops it)`,
  )

  const stop = () => {
    server.close().then(
      () => {
        log.info('stopped')
        process.exit(0)
      },
      (error: unknown) => {
        log.error({ cause: causeOf(error) }, 'stopping failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

/** The log before the configuration is read (the server's own is made from it): the same JSON lines. */
const startLog = pino({ base: null }, pino.destination({ dest: 1, sync: true }))

main().catch((error: unknown) => {
  startLog.fatal({ cause: causeOf(error) }, 'the server could not start')
  process.exit(1)
})
