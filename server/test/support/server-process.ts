import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { SERVER_BUILD } from '../../tools/build.ts'

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
    probe.on('error', reject)
  })
}

/** Polls `url` until it answers 2xx; fails when `child` exits first or after ~30 s. */
export async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  for (let k = 0; k < 300; k++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer`)
}

/**
 * `npm run serve`'s server, the build's server/build/main.js, in a process of its own, on
 * 127.0.0.1:`port` with the given environment, resolved once /health answers.
 * Its own process, so a test can kill it like a crashed host and a benchmark
 * does not share a core with it.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ChildProcess> {
  if (!existsSync(SERVER_BUILD))
    throw new Error(`${SERVER_BUILD} is missing: run \`npm run build\` (or \`npm run build:server\`) first.`)
  // The caller's environment says which database: a DATABASE_URL of the shell running the tests does not leak in.
  const { DATABASE_URL: _, ...inherited } = process.env
  const child = spawn(process.execPath, [SERVER_BUILD], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  })
  await waitUntilAnswering(`http://127.0.0.1:${port}/api/v1/health`, child)
  return child
}

/** Whether a new TCP connection to the port is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
