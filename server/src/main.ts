/**
 * `npm run demo`: the reference server with the configuration of the
 * environment (the variables server/README.md lists), printing where everything is.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startServer } from './app.ts'
import { type Config, ConfigError, DEFAULT_API_KEY, DEFAULT_JWT_SECRET, loadConfig } from './config.ts'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  if (
    !LOOPBACK_HOSTS.has(config.host) &&
    (config.apiKey === DEFAULT_API_KEY || (config.jwksUrl === null && config.jwtSecret === DEFAULT_JWT_SECRET))
  ) {
    console.warn('Warning: listening beyond this machine with the demo FEES_API_KEY or FEES_JWT_SECRET: set your own.')
  }
  if (!existsSync(join(config.distDir, 'fees-calculator.js'))) {
    console.warn(
      `Warning: ${config.distDir} has no build: the pages will not load the calculator until \`npm run build\` has run (or FEES_DIST_DIR names the build).`,
    )
  }

  const server = await startServer(config)
  const { url } = server
  console.log(`fees-calculator reference server on ${url}
  single-page app   ${url}/fees
  portal demo       ${url}/demo/portal.html   (try ?lang=en, ?type=1, ?system=3)
  CRM demo          ${url}/demo/crm.html
  strict CSP demo   ${url}/demo/strict-csp.html
  Trusted Types     ${url}/demo/trusted-types.html
  bundle            ${url}/dist/fees-calculator.js
  API               ${url}/api/v1   (OpenAPI: ${url}/api/v1/openapi.json)
  health            ${url}/api/v1/health
  metrics           ${config.metrics ? `${url}/metrics${config.metricsToken === null ? '' : '   (bearer FEES_METRICS_TOKEN)'}` : 'off (FEES_METRICS=false)'}
  access log        ${config.accessLog ? 'one JSON line per request on stdout' : 'off (FEES_ACCESS_LOG=false)'}
  database          ${server.database}
Ctrl+C stops it.`)

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
