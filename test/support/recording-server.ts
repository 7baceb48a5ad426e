import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { setPageUrl } from './page-url.ts'

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Reply {
  status?: number
  body?: unknown
  /** A body sent as this text, as is (an HTML page, broken JSON), instead of `body` as JSON. */
  raw?: string
  /** The Content-Type; JSON (or problem+json for an error status) when not given. */
  contentType?: string
  /** Milliseconds to wait before answering. */
  delay?: number
  /** Answers once this settles: an answer the test holds until a step of its own. */
  heldUntil?: Promise<unknown>
  /** More headers of the answer, e.g. Retry-After. */
  headers?: Record<string, string>
  /** No answer at all: the connection is cut (a network error for the client), after `delay` if any. */
  drop?: boolean
}

/**
 * A real HTTP server on a random loopback port that records what arrives and
 * answers what the test says, so client rules are checked on the wire.
 */
export async function startRecordingServer(reply: (request: RecordedRequest) => Reply = () => ({ body: {} })) {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      // A CORS preflight: allowed, and not one of the requests under test.
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': '*',
      })
      res.end()
      return
    }
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      requests.push(recorded)
      const answer = reply(recorded)
      const send = () => {
        if (res.destroyed) return
        if (answer.drop) {
          res.socket?.destroy()
          return
        }
        const status = answer.status ?? 200
        res.writeHead(status, {
          'Content-Type': answer.contentType ?? (status >= 400 ? 'application/problem+json' : 'application/json'),
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Methods': '*',
          'Access-Control-Expose-Headers': '*',
          ...answer.headers,
        })
        // 204 and 304 carry no body by definition.
        res.end(status === 204 || status === 304 ? undefined : (answer.raw ?? JSON.stringify(answer.body ?? {})))
      }
      if (answer.heldUntil) void answer.heldUntil.then(send, send)
      else if (answer.delay) setTimeout(send, answer.delay)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type RecordingServer = Awaited<ReturnType<typeof startRecordingServer>>

/**
 * A recording server for a whole test file, the page's URL on it: started before the file's tests, closed after
 * them, and emptied of its requests before each test.
 */
export function recordingServerForFile(reply: (request: RecordedRequest) => Reply): Omit<RecordingServer, 'close'> {
  let server: RecordingServer | undefined
  beforeAll(async () => {
    server = await startRecordingServer(reply)
    setPageUrl(`${server.origin}/`)
  })
  afterAll(() => server?.close())
  beforeEach(() => {
    if (server) server.requests.length = 0
  })
  const started = () => {
    if (!server) throw new Error('the recording server starts before the tests of its file')
    return server
  }
  return {
    get origin() {
      return started().origin
    },
    get requests() {
      return started().requests
    },
  }
}
