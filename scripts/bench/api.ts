import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startServerProcess, waitUntilAnswering } from '../../tools/server-process.ts'

/** Bounded load: a few connections for a few seconds, loopback only. */
const CONNECTIONS = 10
const DURATION_S = 5

/** A bare Node http server answering a constant JSON body: the ceiling to compare with. */
const BARE_SERVER = `
const body = JSON.stringify({ status: 'ok', feeAmount: 515.21, totalFees: 12 })
require('node:http').createServer((req, res) => {
  req.resume()
  req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }); res.end(body) })
}).listen(Number(process.env.PORT), '127.0.0.1')
`

function load(url: string, options: Partial<autocannon.Options> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

export interface ApiFigures {
  bare: number
  calculate: number
  save: number
  errors: { calculate: number; save: number; non2xx: { calculate: number; save: number } }
}

/** Requests per second of the reference API next to a bare server, each in its own process, on loopback. */
export async function apiThroughput(): Promise<ApiFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fees-bench-'))
  const [apiPort, barePort] = await Promise.all([freePort(), freePort()])
  const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'ignore',
  })
  const api = await startServerProcess(apiPort, { FEES_DB: join(dir, 'bench.sqlite') }).catch((error: unknown) => {
    bare.kill()
    throw error
  })
  try {
    const root = `http://127.0.0.1:${apiPort}/api/v1`
    await waitUntilAnswering(`http://127.0.0.1:${barePort}/`, bare)
    const input = {
      currency: 'EUR',
      dateOfPayment: '2030-01-05',
      finalAmount: 6000,
      numberOfFees: 18,
      system: 1,
      financialType: 0,
      contractId: 'C-BENCH',
    }
    const post = (body: unknown) => ({
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': 'demo-api-key' },
      body: JSON.stringify(body),
    })
    const bareResult = await load(`http://127.0.0.1:${barePort}/`, post(input))
    const calculate = await load(`${root}/Calculator/CalculateFeeOptions`, post(input))
    const save = await load(
      `${root}/Calculator/FrontCalculateFees`,
      post({ ...input, isSavedVersion: true, isFrontEndVersionCopy: true }),
    )
    return {
      bare: bareResult.requests.average,
      calculate: calculate.requests.average,
      save: save.requests.average,
      errors: {
        calculate: calculate.errors,
        save: save.errors,
        non2xx: { calculate: calculate.non2xx, save: save.non2xx },
      },
    }
  } finally {
    api.kill()
    bare.kill()
    rmSync(dir, { recursive: true, force: true })
  }
}

// `npm run bench:api`: this section of the report on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await apiThroughput()
  console.log(`bare Node http, constant JSON          ${figures.bare.toFixed(0)} req/s`)
  console.log(
    `POST CalculateFeeOptions               ${figures.calculate.toFixed(0)} req/s (${(figures.calculate / figures.bare).toFixed(2)} of bare)`,
  )
  console.log(
    `POST FrontCalculateFees, saving        ${figures.save.toFixed(0)} req/s (${(figures.save / figures.bare).toFixed(2)} of bare)`,
  )
}
