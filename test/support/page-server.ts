/**
 * The browser tests' pages: a loopback proxy in front of the demo server that
 * puts one script of ours, the probe, at the top of every HTML page it passes
 * on, serves host pages a test writes, and a frame of a given size for an
 * engine whose window cannot be that narrow. The probe does in the page what
 * not every engine's protocol can: record the element's events from the first
 * script on, the page's errors and console, CSP violations, and the file a
 * download link offers (the blob the page made, and its name). It is a file of
 * the page's own origin, so even `script-src 'self'` runs it.
 *
 * Being on the way, the proxy also does to a page's requests what a test asks,
 * in every engine alike: hold one until the test lets it go, answer with a
 * problem, cut the connection, answer with something of the test's own (a
 * changed chunk, a folder of files, another server's pages), and log them all.
 * The rules last until `reset`, which the harness calls after each test.
 */
import { readFileSync } from 'node:fs'
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'
import { Readable } from 'node:stream'
import { EVENT_NAMES, type FeesCalculatorEventName } from '../../src/events.ts'

export const PROBE_PATH = '/__engines/probe.js'
export const FRAME_PATH = '/__engines/frame.html'
/** axe-core, for a test to load into a page with a script tag of this origin. */
export const AXE_PATH = '/__engines/axe.js'
const AXE_FILE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** An event of a <fees-calculator> as it reached the document. */
export interface RecordedEvent {
  name: FeesCalculatorEventName
  // biome-ignore lint/suspicious/noExplicitAny: an event's detail as the page serialised it; each test reads the fields of its event.
  detail: any
  /** The element's id, else its tag name. */
  target: string
  bubbles: boolean
  composed: boolean
}

/** A page's window once the probe has run: its events in the order they reached the document. */
export interface RecordingWindow {
  __fcEvents: RecordedEvent[]
}

/** Runs in the page before any of its scripts: the element's events, in the order they reached the document. */
function recordEvents(names: readonly string[]) {
  const events: RecordedEvent[] = []
  ;(window as unknown as RecordingWindow).__fcEvents = events
  // Bubbling phase on the document: an event that does not bubble out of the shadow root never gets here.
  for (const name of names)
    document.addEventListener(name, (event) =>
      events.push({
        name: name as RecordedEvent['name'],
        detail: (event as CustomEvent).detail,
        target: (event.target as Element).id || (event.target as Element).localName,
        bubbles: event.bubbles,
        composed: event.composed,
      }),
    )
}

/** Runs in the page before any of its scripts (a classic script at the top of <head>), after the events' recorder. */
function probe() {
  interface Probe {
    uncaught: string[]
    failedLoads: string[]
    console: string[]
    violations: string[]
    downloads: { name: string; blob: Blob }[]
  }
  const recorded: Probe = { uncaught: [], failedLoads: [], console: [], violations: [], downloads: [] }
  ;(window as unknown as { __probe: Probe }).__probe = recorded
  // WebKit stops the page's loads as the student follows a link (beforeunload) and may keep the page for the Back
  // button: what fails then failed because the student left, as src/lazy/chunk.ts also reads it. Until the page is
  // shown again, or 3 s with the page still there.
  let leaving = false
  let stayed: ReturnType<typeof setTimeout> | undefined
  window.addEventListener('beforeunload', () => {
    leaving = true
    clearTimeout(stayed)
    stayed = setTimeout(() => (leaving = false), 3_000)
  })
  window.addEventListener('pageshow', () => {
    leaving = false
  })
  window.addEventListener(
    'error',
    (event) => {
      if (event instanceof ErrorEvent) return recorded.uncaught.push(event.message)
      if (leaving) return
      const failed = (event as Event).target as (Element & { src?: string; href?: string }) | null
      recorded.failedLoads.push(`failed to load ${failed?.src || failed?.href || '?'}`)
    },
    true,
  )
  window.addEventListener('unhandledrejection', (event) => recorded.uncaught.push(`unhandled: ${event.reason}`))
  // Every console line as `type: text`, with the types Chromium's protocol names them by.
  for (const [method, type] of [
    ['log', 'log'],
    ['info', 'info'],
    ['debug', 'debug'],
    ['warn', 'warning'],
    ['error', 'error'],
  ] as const) {
    const original = console[method]
    console[method] = (...args: unknown[]) => {
      recorded.console.push(`${type}: ${args.map(String).join(' ')}`)
      original.apply(console, args)
    }
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

const PROBE_SCRIPT = `(${recordEvents.toString()})(${JSON.stringify(EVENT_NAMES)});\n(${probe.toString()})()\n`
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

/** Which requests a rule applies to: a prefix of the path and query, or a pattern tested on them. */
export type Match = string | RegExp

const matches = (match: Match, path: string) => (typeof match === 'string' ? path.startsWith(match) : match.test(path))

/** An answer of the test's own. */
export interface Reply {
  status?: number
  body: string | Buffer
  /** The Content-Type; an HTML page gets the probe. */
  contentType?: string
}

/** A request the page server keeps from the demo server until the test lets it go. */
export interface Held {
  /** Settles when the request has come in. */
  arrived: Promise<void>
  /** Sends it on, its answer then reaching the page as usual; or answers it with `reply` instead. */
  release(reply?: Reply): void
}

/** A request a page sent through the page server. */
export interface SeenRequest {
  method: string
  /** The path and query. */
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** Ends a rule: the requests it picked go to the demo server again. */
export type Lift = () => void

export interface PageServer {
  /** The pages' origin, a new one after each `reset`. */
  readonly url: string
  /** Holds the next request that `match` picks, then lets the rest through. */
  hold(match: Match): Held
  /**
   * Answers the requests `match` picks (the next `times`, else every one) with a problem of that status. Like every
   * rule below, it lasts until the returned function is called or the test ends.
   */
  refuse(match: Match, status: number, problem: object, options?: { times?: number }): Lift
  /** Cuts the connection of every request `match` picks: a network failure for the page. */
  block(match: Match): Lift
  /** Answers the requests `match` picks with what `reply` gives for their path (the demo server's answer for `undefined`). */
  answer(match: Match, reply: (path: string) => Reply | undefined): Lift
  /** Serves the files of `dir` under `prefix` (index.html for a folder). */
  serve(prefix: string, dir: string): Lift
  /** Sends the requests under `prefix` to `origin` instead of the demo server, their path and query as they are. */
  forward(prefix: string, origin: string): Lift
  /** Every request the pages sent through this server since the last `reset`, in order. */
  readonly requests: readonly SeenRequest[]
  /**
   * Serves `html` (with the probe) at `path`, else at a new path of this origin, and gives that path. `cacheable`
   * leaves out `Cache-Control: no-store` (which keeps Firefox from restoring a form's state on back/forward).
   */
  page(html: string, path?: string, options?: { cacheable?: boolean }): string
  /** The path of a frame page showing `path` at exactly that size. */
  frame(path: string, width: number, height: number): string
  /**
   * Drops every rule, held request, page and logged request, and moves to a new port: what one test set up, and what
   * its pages kept, ends with it.
   */
  reset(): Promise<void>
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

type Handler = (incoming: IncomingMessage, response: ServerResponse, path: string, body: Buffer) => void

interface Rule {
  match: Match
  handle: Handler
  /** The rule ends after this many requests. */
  left?: number
}

export async function startPageServer(target: string): Promise<PageServer> {
  const pages = new Map<string, { html: string; cacheable: boolean }>()
  let rules: Rule[] = []
  const releases: (() => void)[] = []
  const requests: SeenRequest[] = []
  const upstream = new URL(target)

  const send = (response: ServerResponse, type: string, body: string | Buffer, status = 200, cacheable = false) => {
    const html = /^text\/html/.test(type)
    const sent = html ? withProbe(body.toString()) : body
    response.writeHead(status, { 'content-type': type, ...(cacheable ? {} : { 'cache-control': 'no-store' }) })
    response.end(sent)
  }

  /** Passes a request to `origin` (the demo server unless said), putting the probe into an HTML answer. */
  const forward = (incoming: IncomingMessage, response: ServerResponse, body: Buffer, origin = upstream) => {
    // The demo server sees the page's own host, as behind a portal's proxy; another server its own.
    const headers = origin === upstream ? { ...incoming.headers } : { ...incoming.headers, host: origin.host }
    // Uncompressed, so an HTML page can be read and changed on its way.
    delete headers['accept-encoding']
    const outgoing = request(
      { host: origin.hostname, port: origin.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (!/^text\/html/.test(answer.headers['content-type'] ?? '')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(response)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          const html = withProbe(Buffer.concat(chunks).toString('utf8'))
          const { 'content-length': _length, ...rest } = answer.headers
          response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(html) })
          response.end(html)
        })
      },
    )
    outgoing.on('error', (error) => {
      response.writeHead(502)
      response.end(String(error))
    })
    Readable.from(body.length ? [body] : []).pipe(outgoing)
  }

  const reply = (response: ServerResponse, { status = 200, body, contentType = 'text/plain' }: Reply) =>
    send(response, contentType, body, status)

  const add = (rule: Rule): Lift => {
    rules.push(rule)
    return () => {
      rules = rules.filter((r) => r !== rule)
    }
  }

  const handle = (incoming: IncomingMessage, response: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://localhost')
    const path = `${url.pathname}${url.search}`
    if (url.pathname === PROBE_PATH) return send(response, 'text/javascript; charset=utf-8', PROBE_SCRIPT)
    if (url.pathname === AXE_PATH)
      return send(response, 'text/javascript; charset=utf-8', readFileSync(AXE_FILE, 'utf8'))
    // The icon a browser asks for by itself when a page names none: no page is about it.
    if (url.pathname === '/favicon.ico') {
      response.writeHead(204, { 'cache-control': 'no-store' })
      return response.end()
    }
    if (url.pathname === FRAME_PATH) {
      const size = (name: string) => Number(url.searchParams.get(name))
      return send(response, 'text/html; charset=utf-8', framePage(url.searchParams.get('src')!, size('w'), size('h')))
    }
    // The body is read first, as a server would: it is logged, and a held request is sent on with it.
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      requests.push({ method: incoming.method ?? 'GET', path, headers: incoming.headers, body: body.toString() })
      const page = pages.get(url.pathname)
      if (page !== undefined) return send(response, 'text/html; charset=utf-8', page.html, 200, page.cacheable)
      const rule = rules.find((r) => matches(r.match, path))
      if (!rule) return forward(incoming, response, body)
      if (rule.left !== undefined && --rule.left === 0) rules = rules.filter((r) => r !== rule)
      rule.handle(incoming, response, path, body)
    })
  }
  /** A server on a new loopback port, and its origin. */
  const listen = async () => {
    const server = createServer(handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }
  const stop = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  let current = await listen()
  let count = 0
  return {
    get url() {
      return current.url
    },
    get requests() {
      return requests
    },
    page(html, path, { cacheable = false } = {}) {
      count += 1
      const at = path && path !== '' ? path.split('?')[0]! : `/__engines/page-${count}.html`
      pages.set(at, { html, cacheable })
      return path && path !== '' ? path : at
    },
    hold(match) {
      let arrive: () => void = () => {}
      let release: (answer?: Reply) => void = () => {}
      const arrived = new Promise<void>((resolve) => (arrive = resolve))
      const released = new Promise<Reply | undefined>((resolve) => (release = resolve))
      releases.push(() => release())
      add({
        match,
        left: 1,
        handle: (incoming, response, _path, body) => {
          arrive()
          void released.then((answer) => (answer ? reply(response, answer) : forward(incoming, response, body)))
        },
      })
      return { arrived, release }
    },
    refuse(match, status, problem, { times } = {}) {
      const body = JSON.stringify({ ...problem, status })
      return add({
        match,
        left: times,
        handle: (_incoming, response) => {
          response.writeHead(status, {
            'content-type': 'application/problem+json',
            'access-control-allow-origin': '*',
            'cache-control': 'no-store',
          })
          response.end(body)
        },
      })
    },
    block(match) {
      return add({ match, handle: (_incoming, response) => response.destroy() })
    },
    answer(match, answer) {
      return add({
        match,
        handle: (incoming, response, path, body) => {
          const given = answer(path)
          if (given) reply(response, given)
          else forward(incoming, response, body)
        },
      })
    },
    serve(prefix, dir) {
      return add({
        match: prefix,
        handle: (_incoming, response, path) => {
          const rest = path.split('?')[0]!.slice(prefix.length)
          const file = join(dir, rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest)
          try {
            send(response, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file))
          } catch {
            send(response, 'text/plain', 'missing', 404)
          }
        },
      })
    },
    forward(prefix, origin) {
      return add({
        match: prefix,
        handle: (incoming, response, _path, body) => forward(incoming, response, body, new URL(origin)),
      })
    },
    frame: (path, width, height) => `${FRAME_PATH}?w=${width}&h=${height}&src=${encodeURIComponent(path)}`,
    async reset() {
      rules = []
      // A request still held goes on to the server, so that no connection is left waiting.
      for (const release of releases.splice(0)) release()
      requests.splice(0)
      pages.clear()
      // The next test's pages on an origin of their own: no file another test's pages loaded (WebKit keeps its
      // window, and what it loaded, for a whole suite, whatever the headers say), no cookie and no storage of theirs.
      const previous = current
      current = await listen()
      await stop(previous.server)
    },
    close: () => stop(current.server),
  }
}
