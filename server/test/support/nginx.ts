/**
 * Debian's nginx (`apt-get install nginx`; the installed service need not run) with deploy/nginx.conf itself:
 * the file is read as it is, its two upstream addresses (`api-1:4173`, `api-2:4173`) and its `listen 80` are
 * replaced by the test's loopback ports, and it is wrapped in what nginx's own main file gives it in the image
 * (`events {}`, `http {}`), with every path (pid, logs, temporary files) in a fresh temporary folder. One process
 * in the foreground (no daemon, no master), stopped by `stop()`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, waitUntilAnswering } from './server-process.ts'

export const DEPLOY_CONF = join(import.meta.dirname, '../../../deploy/nginx.conf')
const INSTALL_HINT =
  'nginx was not found at /usr/sbin/nginx. Install it: `apt-get install -y nginx` on Debian/Ubuntu (the test runs its own nginx; the installed service need not run), or set NGINX_BIN.'

/** One line per request in the access log: the client's X-Request-Id, the status, and each upstream tried. */
const LOG_FORMAT = "'$http_x_request_id|$status|$upstream_addr|$upstream_status'"

export interface LoggedRequest {
  status: number
  /** The servers nginx tried, in order, as `127.0.0.1:port` (two when it passed the request on). */
  upstreams: string[]
  /** Their answers (`502` for a connection that failed). */
  upstreamStatuses: string[]
}

export interface Nginx {
  /** `http://127.0.0.1:<port>` */
  url: string
  child: ChildProcess
  /** The access log so far, by X-Request-Id (requests sent without one are left out). */
  accessLog(): Map<string, LoggedRequest>
  /** nginx's error log so far (warnings and errors: each upstream it could not use, and why). */
  errorLog(): string
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>
}

/** deploy/nginx.conf with `upstreams` (ports on 127.0.0.1) for api-1 and api-2, listening on 127.0.0.1:`port`. */
export function deployedConf(upstreams: [number, number], port: number): string {
  const replaceOnce = (text: string, pattern: RegExp, by: string) => {
    const found = text.match(new RegExp(pattern, 'g'))?.length ?? 0
    if (found !== 1) throw new Error(`deploy/nginx.conf: expected ${pattern} once, found it ${found} times`)
    return text.replace(pattern, by)
  }
  let conf = readFileSync(DEPLOY_CONF, 'utf8')
  conf = replaceOnce(conf, /\bserver api-1:4173\b/, `server 127.0.0.1:${upstreams[0]}`)
  conf = replaceOnce(conf, /\bserver api-2:4173\b/, `server 127.0.0.1:${upstreams[1]}`)
  conf = replaceOnce(conf, /\blisten 80;/, `listen 127.0.0.1:${port};`)
  return conf
}

export async function startNginx(upstreams: [number, number]): Promise<Nginx> {
  const bin = process.env.NGINX_BIN || '/usr/sbin/nginx'
  if (!existsSync(bin)) throw new Error(INSTALL_HINT)
  const dir = mkdtempSync(join(tmpdir(), 'fees-nginx-'))
  const port = await freePort()
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n')
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events {
  worker_connections 512;
}
http {
${paths}
  log_format upstreams ${LOG_FORMAT};
  access_log ${join(dir, 'access.log')} upstreams;

${deployedConf(upstreams, port)}
}
`,
  )
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: 'ignore',
  })
  // A run that ends without stop() (a crash, process.exit) still leaves no nginx behind.
  const killAtExit = () => child.kill('SIGKILL')
  process.once('exit', killAtExit)
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '')
  const stop = async () => {
    process.off('exit', killAtExit)
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilAnswering(`${url}/api/v1/health`, child)
  } catch (error) {
    const log = errorLog()
    await stop()
    throw new Error(`nginx did not start: ${(error as Error).message}\n${log}`)
  }
  return {
    url,
    child,
    accessLog() {
      const requests = new Map<string, LoggedRequest>()
      for (const line of readFileSync(join(dir, 'access.log'), 'utf8').split('\n')) {
        const [id, status, addresses, statuses] = line.split('|')
        if (id === undefined || id === '-' || id === '' || statuses === undefined) continue
        requests.set(id, {
          status: Number(status),
          upstreams: addresses!.split(', '),
          upstreamStatuses: statuses.split(', '),
        })
      }
      return requests
    },
    errorLog,
    stop,
  }
}
