/**
 * The engine tests' pages: a loopback proxy in front of the demo server that
 * puts one script of ours, the probe, at the top of every HTML page it passes
 * on, serves host pages a test writes, and a frame of a given size for an
 * engine whose window cannot be that narrow. The probe does in the page what
 * not every engine's protocol can: record the element's events from the first
 * script on, the page's errors and console errors, CSP violations, and the
 * file a download link offers (the blob the page made, and its name). It is a
 * file of the page's own origin, so even `script-src 'self'` runs it.
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { RECORD_EVENTS_SCRIPT } from './pages.ts'

export const PROBE_PATH = '/__engines/probe.js'
export const FRAME_PATH = '/__engines/frame.html'
/** axe-core, for a test to load into a page with a script tag of this origin. */
export const AXE_PATH = '/__engines/axe.js'
const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** Runs in the page before any of its scripts (a classic script at the top of <head>), after the events' recorder. */
function probe() {
  interface Probe {
    errors: string[]
    violations: string[]
    downloads: { name: string; blob: Blob }[]
  }
  const recorded: Probe = { errors: [], violations: [], downloads: [] }
  ;(window as unknown as { __probe: Probe }).__probe = recorded
  window.addEventListener(
    'error',
    (event) => {
      const failed = event.target as (Element & { src?: string; href?: string }) | null
      recorded.errors.push(
        event instanceof ErrorEvent ? event.message : `failed to load ${failed?.src || failed?.href || '?'}`,
      )
    },
    true,
  )
  window.addEventListener('unhandledrejection', (event) => recorded.errors.push(`unhandled: ${event.reason}`))
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    recorded.errors.push(args.map(String).join(' '))
    consoleError.apply(console, args)
  }
  document.addEventListener('securitypolicyviolation', (event) =>
    recorded.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
  )
  // A download link to a blob the page made: its file is recorded rather than saved to disk.
  const blobs = new Map<string, Blob>()
  const createObjectURL = URL.createObjectURL
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = createObjectURL.call(URL, object)
    if (object instanceof Blob) blobs.set(url, object)
    return url
  }
  const click = HTMLAnchorElement.prototype.click
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)
    if (this.download && blob) recorded.downloads.push({ name: this.download, blob })
    else click.call(this)
  }
}

const PROBE_SCRIPT = `${RECORD_EVENTS_SCRIPT}(${probe.toString()})()\n`
const PROBE_TAG = `<script src="${PROBE_PATH}"></script>`

/** Puts the probe first in a page's <head> (or first of all, for a page without one). */
export function withProbe(html: string): string {
  const head = /<head\b[^>]*>/i.exec(html)
  if (head) return html.slice(0, head.index + head[0].length) + PROBE_TAG + html.slice(head.index + head[0].length)
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)
  const at = doctype ? doctype[0].length : 0
  return html.slice(0, at) + PROBE_TAG + html.slice(at)
}

/** A page holding `src` in a borderless frame of exactly `width` × `height` at its top left corner. */
function framePage(src: string, width: number, height: number): string {
  const attribute = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  return `<!doctype html><html><head><meta charset="utf-8"><title>frame</title></head>
<body style="margin:0;background:#3a3a3a"><iframe src="${attribute}" title="page"
 style="display:block;border:0;width:${width}px;height:${height}px;background:#fff"></iframe></body></html>`
}

/** A request the page server keeps from the demo server until the test lets it go. */
export interface Held {
  /** Settles when the request has come in. */
  arrived: Promise<void>
  /** Sends it on; its answer then reaches the page as usual. */
  release(): void
}

export interface PageServer {
  url: string
  /** Holds the next request whose path starts with `prefix` (in any engine: the page server is on the way). */
  hold(prefix: string): Held
  /** Answers every request whose path starts with `prefix` with a problem of that status, until the returned function is called. */
  refuse(prefix: string, status: number, problem: object): () => void
  /** Serves `html` (with the probe) at a new path of this origin, and gives that path. */
  page(html: string): string
  /** The path of a frame page showing `path` at exactly that size. */
  frame(path: string, width: number, height: number): string
  close(): Promise<void>
}

export async function startPageServer(target: string): Promise<PageServer> {
  const pages = new Map<string, string>()
  const holds: { prefix: string; arrive: () => void; released: Promise<void> }[] = []
  const refusals = new Map<string, { status: number; body: string }>()
  const upstream = new URL(target)
  const send = (response: ServerResponse, type: string, body: string) => {
    response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' })
    response.end(body)
  }
  const forward = (incoming: IncomingMessage, response: ServerResponse) => {
    const headers = { ...incoming.headers }
    // Uncompressed, so an HTML page can be read and changed on its way.
    delete headers['accept-encoding']
    const outgoing = request(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!/^text\/html/.test(answer.headers['content-type'] ?? '')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const body = withProbe(Buffer.concat(chunks).toString('utf8'))
          const { 'content-length': _length, ...rest } = answer.headers
          response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) })
          response.end(body)
        })
      },
    )
    outgoing.on('error', (error) => {
      response.writeHead(502)
      response.end(String(error))
    })
    incoming.pipe(outgoing)
  }
  const server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://localhost')
    if (url.pathname === PROBE_PATH) return send(response, 'text/javascript; charset=utf-8', PROBE_SCRIPT)
    if (url.pathname === AXE_PATH)
      return send(response, 'text/javascript; charset=utf-8', readFileSync(AXE_FILE, 'utf8'))
    if (url.pathname === FRAME_PATH) {
      const size = (name: string) => Number(url.searchParams.get(name))
      return send(response, 'text/html; charset=utf-8', framePage(url.searchParams.get('src')!, size('w'), size('h')))
    }
    const html = pages.get(url.pathname)
    if (html !== undefined) return send(response, 'text/html; charset=utf-8', withProbe(html))
    for (const [prefix, refusal] of refusals) {
      if (!url.pathname.startsWith(prefix)) continue
      response.writeHead(refusal.status, {
        'content-type': 'application/problem+json',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      return response.end(refusal.body)
    }
    const held = holds.findIndex((hold) => url.pathname.startsWith(hold.prefix))
    if (held === -1) return forward(incoming, response)
    const [hold] = holds.splice(held, 1)
    hold!.arrive()
    // The body is read now, as a server would, and sent on when the test lets the request go.
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      void hold!.released.then(() => {
        const replay = Object.assign(Readable.from(chunks.length ? [Buffer.concat(chunks)] : []), {
          url: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        }) as unknown as IncomingMessage
        forward(replay, response)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let count = 0
  return {
    url: `http://127.0.0.1:${port}`,
    page(html) {
      count += 1
      const path = `/__engines/page-${count}.html`
      pages.set(path, html)
      return path
    },
    hold(prefix) {
      let arrive: () => void = () => {}
      let release: () => void = () => {}
      const arrived = new Promise<void>((resolve) => (arrive = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      holds.push({ prefix, arrive, released })
      return { arrived, release }
    },
    refuse(prefix, status, problem) {
      refusals.set(prefix, { status, body: JSON.stringify({ ...problem, status }) })
      return () => refusals.delete(prefix)
    },
    frame: (path, width, height) => `${FRAME_PATH}?w=${width}&h=${height}&src=${encodeURIComponent(path)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
