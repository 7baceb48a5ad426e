import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

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
      if (answer.delay) setTimeout(send, answer.delay)
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
