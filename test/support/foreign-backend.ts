/**
 * A backend that is not ours: a small real HTTP server that answers the four
 * calls the way another team's service would — dates as date-times without a
 * zone (.NET and Java's default), with `.000Z` or `+00:00`; extra fields
 * (links, trace ids, timestamps); money computed in binary floats and sent with
 * all their decimals; its own version hashes. Its figures are its own (the
 * French system in doubles), not the reference API's.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import dayjs from 'dayjs'

interface Input {
  dateOfPayment: string
  numberOfFees?: number | null
  finalAmount?: number | null
  amountToRefinance?: number | null
  partialPayment?: number | null
  financialType: 0 | 1
  currency?: string | null
  contractId?: string | null
  isSavedVersion?: boolean | null
}

/** The foreign service's own rates and limits. */
const TIN = 0.07
const MIN_FEES = 6
const MAX_FEES = 36

function figures(input: Input) {
  const refinancing = input.financialType === 1
  const partial = input.partialPayment ?? 0
  const initial = (refinancing ? input.amountToRefinance : input.finalAmount) ?? 0
  const amount = refinancing ? initial - partial : initial
  const n = input.numberOfFees || MIN_FEES
  const i = TIN / 12
  const fee = (amount * i) / (1 - (1 + i) ** -n)
  const first = input.dateOfPayment.slice(0, 10)
  let balance = amount
  const fees = Array.from({ length: n }, (_, k) => {
    const interest = balance * i
    const principal = fee - interest
    balance -= principal
    // Each row's date in one of the forms such services send.
    const day = dayjs(first).add(k, 'month').format('YYYY-MM-DD')
    const dueDate = [`${day}T00:00:00`, `${day}T00:00:00.000Z`, `${day}T00:00:00+00:00`][k % 3]
    return {
      number: k + 1,
      dueDate,
      fee,
      interest,
      principal,
      balance: Math.max(balance, 0),
      rowId: randomBytes(4).toString('hex'),
    }
  })
  const total = fee * n
  return {
    result: {
      totalFees: n,
      feeAmount: fee,
      firstPaymentDate: `${first}T00:00:00`,
      minFees: MIN_FEES,
      maxFees: MAX_FEES,
      amountToFinance: amount,
      initialAmount: initial,
      partialPayment: partial,
      interests: total - amount,
      finalFee: total,
      financeType: input.financialType,
      isModificable: true,
      tin: TIN,
      tae: (1 + i) ** 12 - 1,
      currency: input.currency ?? 'EUR',
      calculatedAt: new Date().toISOString().replace('Z', '0000'),
      _links: { self: { href: '/api/v2/Calculator/CalculateFeeOptions' } },
    },
    fees,
    totals: { amountToFinance: amount, interests: total - amount, finalFee: total },
  }
}

export interface ForeignBackend {
  /** The API root to give the widget's `api-base`. */
  api: string
  /** Every request that arrived, preflights apart: method and path. */
  requests: string[]
  close(): Promise<void>
}

export async function startForeignBackend(): Promise<ForeignBackend> {
  const saved = new Map<string, { result: unknown; tuitionInput: Input; versionNumber: number }>()
  const counters = new Map<string, number>()
  const requests: string[] = []

  const send = (res: ServerResponse, req: IncomingMessage, status: number, body: unknown) => {
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'X-Trace-Id': randomBytes(8).toString('hex'),
    })
    res.end(JSON.stringify(body))
  }

  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': req.headers.origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': 'Authorization, X-Api-Key, X-XSRF-TOKEN, Idempotency-Key, Content-Type, Accept',
      })
      res.end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://foreign.invalid')
    requests.push(`${req.method} ${url.pathname}`)
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    req.on('end', () => {
      const path = url.pathname.replace(/^\/api\/v2\//, '')
      if (req.method === 'POST' && /^Calculator\/CalculateFeeOptions(Anonymous)?$/.test(path)) {
        send(res, req, 200, figures(JSON.parse(text) as Input).result)
        return
      }
      if (req.method === 'POST' && /^Calculator\/FrontCalculateFees(Anonymous)?$/.test(path)) {
        const input = JSON.parse(text) as Input
        const plan = figures(input)
        let versionHashCode: string | null = null
        let versionNumber: number | null = null
        if (input.isSavedVersion) {
          const contract = input.contractId ?? 'none'
          versionNumber = (counters.get(contract) ?? 0) + 1
          counters.set(contract, versionNumber)
          versionHashCode = `fx${randomBytes(9).toString('base64url')}`
          saved.set(versionHashCode, {
            result: { ...plan.result, firstPaymentDate: `${input.dateOfPayment}T00:00:00+00:00` },
            tuitionInput: input,
            versionNumber,
          })
        }
        send(res, req, 200, {
          versionHashCode,
          versionNumber,
          currency: plan.result.currency,
          fees: plan.fees,
          totals: plan.totals,
          generator: 'foreign',
        })
        return
      }
      const hash = /^Calculator\/feestable\/([^/]+)$/.exec(path)?.[1]
      if (req.method === 'GET' && hash) {
        const version = saved.get(decodeURIComponent(hash))
        if (version)
          send(res, req, 200, {
            result: { ...(version.result as object), isModificable: false },
            tuitionInput: version.tuitionInput,
            etag: hash,
          })
        else send(res, req, 404, { error: 'not found' })
        return
      }
      if (req.method === 'GET' && path === 'Version/Number') {
        const version = saved.get(url.searchParams.get('versionHashCode') ?? '')
        if (version) send(res, req, 200, version.versionNumber)
        else send(res, req, 404, { error: 'not found' })
        return
      }
      send(res, req, 404, { error: 'no such route' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    api: `http://127.0.0.1:${port}/api/v2`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
