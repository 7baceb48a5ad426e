/**
 * A throwaway PostgreSQL cluster from the machine's own server binaries
 * (Debian's `postgresql` package): initdb into a fresh temporary folder, the
 * server on 127.0.0.1 at a free port, stopped and removed by `remove()`. The
 * tests and the bench run against it; nothing is mocked. As root the cluster
 * runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from './server-process.ts'

const run = promisify(execFile)
const DEBIAN_BINARIES = '/usr/lib/postgresql'
/** The tests' superuser; local connections are trusted, as in any throwaway cluster. */
const SUPERUSER = 'postgres'

export const INSTALL_HINT =
  'PostgreSQL server binaries were not found (initdb, pg_ctl). Install them: `apt-get install -y postgresql` on Debian/Ubuntu (the tests start their own throwaway cluster; the installed service need not run), or set PG_BIN to the folder holding initdb.'

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  port: number
  /** The server binaries' major version, e.g. 15. */
  version: string
  /** A new, empty database on this cluster; its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server (a fast shutdown: open connections are cut, as in an outage). */
  stop(): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
  /** Stops the server and removes its folder. */
  remove(): Promise<void>
}

/** The folder holding initdb and pg_ctl: PG_BIN, else the newest Debian version. */
export function postgresBinaries(): string {
  const given = process.env.PG_BIN
  if (given !== undefined && given !== '') {
    if (!existsSync(join(given, 'initdb'))) throw new Error(`PG_BIN=${given} holds no initdb. ${INSTALL_HINT}`)
    return given
  }
  const versions = existsSync(DEBIAN_BINARIES)
    ? readdirSync(DEBIAN_BINARIES)
        .filter((entry) => existsSync(join(DEBIAN_BINARIES, entry, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const newest = versions[0]
  if (newest === undefined) throw new Error(INSTALL_HINT)
  return join(DEBIAN_BINARIES, newest, 'bin')
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries()
  const dir = mkdtempSync(join(tmpdir(), 'fees-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const pgCommand = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', SUPERUSER, '--', join(bin, tool), ...args]) : run(join(bin, tool), args)

  const port = await freePort()
  const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c max_connections=200'].join(' ')
  const start = async () => {
    try {
      await pgCommand('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start'])
    } catch (error) {
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : ''
      throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`)
    }
  }
  const stop = async () => {
    await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  }

  try {
    await pgCommand('initdb', ['-D', data, '-A', 'trust', '-U', SUPERUSER, '-E', 'UTF8', '--locale=C', '--no-sync'])
    await start()
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`
  const version = (await pgCommand('pg_ctl', ['--version'])).stdout.replace(/^\D*/, '').split('.')[0] ?? ''
  let removed = false
  // A run that ends without remove() (a crash, process.exit) still leaves no server and no folder behind.
  const removeAtExit = () => {
    if (removed) return
    try {
      const stopArgs = [join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']
      if (asRoot) execFileSync('runuser', ['-u', SUPERUSER, '--', ...stopArgs], { stdio: 'ignore' })
      else execFileSync(stopArgs[0]!, stopArgs.slice(1), { stdio: 'ignore' })
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', removeAtExit)
  return {
    url,
    port,
    version,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name))
        throw new Error(`${name}: a database name here is lower-case letters, digits and _`)
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`
    },
    stop,
    start,
    async remove() {
      if (removed) return
      removed = true
      process.off('exit', removeAtExit)
      await stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
