/**
 * The reference server in this process, as the tests and the bench start it:
 * on 127.0.0.1 at a random port, with a SQLite file in a fresh temporary
 * folder (or DATABASE_URL in `env`), signing and accepting bearer tokens with
 * one secret of the tests' own. The browser tests' demo server and the API
 * tests' server are both this one, with their own environment.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AppOptions, type RunningServer, startServer } from '../../src/app.ts'
import { mintToken } from '../../src/auth.ts'
import { type Config, loadConfig } from '../../src/config.ts'

/** The tests' signing secret, so they mint tokens as a host's back end does. */
export const TEST_JWT_SECRET = 'reference-server-tests-secret-0123456789'

export interface ReferenceServer {
  url: string
  /** The API root, `${url}/api/v1`. */
  api: string
  config: Config
  /** The folder holding the database file; removed by `remove`. */
  dir: string
  dbPath: string
  running: RunningServer
  /** A bearer token the server accepts (HS256, an hour unless said). */
  token(ttlSeconds?: number): Promise<string>
  /** Stops the server (the folder stays, for a restart). */
  close(): Promise<void>
  /** Stops the server and removes its folder. */
  remove(): Promise<void>
}

export async function startReferenceServer(
  env: Record<string, string> = {},
  options: AppOptions & { dir?: string } = {},
): Promise<ReferenceServer> {
  const { dir: given, ...appOptions } = options
  const dir = given ?? mkdtempSync(join(tmpdir(), 'fees-server-'))
  const dbPath = join(dir, 'fees.sqlite')
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    FEES_DB: dbPath,
    FEES_JWT_SECRET: TEST_JWT_SECRET,
    // The access log is for operators: tests that read it pass their own `observability` or FEES_ACCESS_LOG.
    FEES_ACCESS_LOG: 'false',
    ...env,
  })
  const running = await startServer(config, appOptions)
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await running.close()
  }
  return {
    url: running.url,
    api: `${running.url}/api/v1`,
    config,
    dir,
    dbPath,
    running,
    token: (ttlSeconds = 3600) => mintToken(config.jwtSecret, ttlSeconds),
    close,
    remove: async () => {
      await close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface DemoServer {
  url: string
  /** A bearer token the server accepts (HS256, one hour). */
  token(): Promise<string>
  close(): Promise<void>
}

/**
 * The demo server of `npm run demo` (reference API, demo pages, built bundle,
 * single-page app) on 127.0.0.1 at a random port, with its own database file,
 * as the browser tests and the bench open it: the build must be there.
 */
export async function startDemo(env: Record<string, string> = {}): Promise<DemoServer> {
  const server = await startReferenceServer(env)
  if (!existsSync(join(server.config.distDir, 'fees-calculator.js'))) {
    await server.remove()
    throw new Error('The browser tests load the built bundle: run `npm run build` first (`npm test` does).')
  }
  return { url: server.url, token: () => server.token(), close: server.remove }
}
