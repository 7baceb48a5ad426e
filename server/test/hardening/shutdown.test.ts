import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { API_KEY, financing, JWT_SECRET } from '../support/api-server.ts'
import { accepts, freePort, startServerProcess } from '../support/server-process.ts'

const dir = mkdtempSync(join(tmpdir(), 'fees-shutdown-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * SIGTERM, as an orchestrator sends before replacing a server: it stops
 * taking connections, answers the requests already in flight, then exits.
 */
describe('npm run serve on SIGTERM', () => {
  it('finishes a request in flight, refuses new connections, and exits 0', async () => {
    const port = await freePort()
    const child = await startServerProcess(port, {
      FEES_DB: join(dir, 'fees.sqlite'),
      FEES_API_KEY: API_KEY,
      FEES_JWT_SECRET: JWT_SECRET,
    })
    const exited = once(child, 'exit')
    try {
      // A request whose body is only half sent when the signal arrives.
      const body = Buffer.from(JSON.stringify(financing()))
      const inFlight = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/Calculator/CalculateFeeOptions',
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-Api-Key': API_KEY },
      })
      const answered = once(inFlight, 'response')
      inFlight.write(body.subarray(0, 10))
      await once(inFlight, 'socket')
      // The server has the connection once a second one can be made after it (the queue is in order).
      expect(await accepts(port)).toBe(true)

      child.kill('SIGTERM')
      while (await accepts(port)) {
        // Wait for the condition, not a time: the signal is handled between events.
        await new Promise((resolve) => setImmediate(resolve))
      }
      inFlight.end(body.subarray(10))
      const [response] = (await answered) as [import('node:http').IncomingMessage]
      const parts: Buffer[] = []
      for await (const part of response) parts.push(part as Buffer)
      expect(response.statusCode).toBe(200)
      expect(JSON.parse(Buffer.concat(parts).toString())).toMatchObject({ totalFees: 12 })
      const [code, signal] = await exited
      expect([code, signal]).toEqual([0, null])
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
