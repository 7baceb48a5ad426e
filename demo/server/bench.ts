/**
 * `npx tsx demo/server/bench.ts`: requests per second of POST
 * CalculateFeeOptions next to a bare Node `http` server answering a constant
 * JSON body, both on loopback in one run, so the figure says what the API
 * costs over the floor of Node itself on this machine.
 */
import autocannon from 'autocannon'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startServer } from './app.ts'
import { loadConfig } from './config.ts'

/** Bounded so a run takes seconds: 10 connections, 5 s per target. */
const CONNECTIONS = 10
const DURATION_S = 5
const PAYLOAD = JSON.stringify({
  currency: 'EUR',
  dateOfPayment: '2026-01-31',
  numberOfFees: 12,
  finalAmount: 6000,
  system: 1,
  financialType: 0,
  language: 'es',
  studyIdName: 'Grado en Ingeniería Informática',
  contractId: 'C-2026-0001',
})

interface Measure {
  requestsPerSecond: number
  p50: number
  p99: number
}

async function measure(title: string, options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ ...options, title, connections: CONNECTIONS, duration: DURATION_S })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} answers were not 2xx and ${result.errors} requests failed`)
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

async function main(): Promise<void> {
  const config = { ...loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', FEES_DB: ':memory:' }) }
  const api = await startServer(config)
  const headers = { 'Content-Type': 'application/json', 'X-Api-Key': config.apiKey }
  // The bare server answers the very body the API answers, so both send the same bytes.
  const constant = await (await fetch(`${api.url}/api/v1/Calculator/CalculateFeeOptions`, { method: 'POST', headers, body: PAYLOAD })).text()
  const bare = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(constant)
    })
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`

  try {
    const floor = await measure('bare node:http', { url: bareUrl, method: 'POST', headers, body: PAYLOAD })
    const calc = await measure('CalculateFeeOptions', {
      url: `${api.url}/api/v1/Calculator/CalculateFeeOptions`,
      method: 'POST',
      headers,
      body: PAYLOAD,
    })
    const row = (name: string, m: Measure) =>
      `${name.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${m.p50} ms   p99 ${m.p99} ms`
    console.log(`Loopback, ${CONNECTIONS} connections, ${DURATION_S} s each, Node ${process.version}`)
    console.log(row('bare node:http, constant JSON', floor))
    console.log(row('POST CalculateFeeOptions (X-Api-Key)', calc))
    console.log(`ratio CalculateFeeOptions / bare: ${(calc.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}`)
  } finally {
    bare.close()
    await api.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
