/**
 * The built files of `npm run build`, served beside the API on one port:
 * the bundle under /dist, the single-page app at its routes (`/fees`,
 * `/fees/<hash>`, `/health-check`) and its assets under /assets. A saved plan
 * opened by its hash (`/fees/<hash>`) comes with its card and figures rendered
 * on the server, with what this server's own API answers for it, for the element
 * to take over.
 *
 * Served as a CDN would: the brotli or gzip copy the build wrote beside a file
 * when the browser accepts it (compression.ts); files whose names carry a content
 * hash (the lazy chunks, the app's assets) cached for a year as immutable; the
 * entry scripts and pages, whose names never change, revalidated by ETag.
 */

import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { LANGUAGES } from '@fees-calculator/contract'
import type { Context, Hono } from 'hono'
import { acceptedEncodings, COPY_SUFFIX, encodedText, etagMatches } from './compression.ts'
import { demoPageCsp } from './demo-pages.ts'
import type { AppEnv } from './request-context.ts'
import type { OwnRenderer } from './widget-renderer.ts'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.d.ts': 'text/plain; charset=utf-8',
}

/** A year: the longest lifetime caches honour, for names that change whenever their content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The folders of dist/ where the build names every file after its content hash. */
const HASHED_DIST_FOLDERS = ['chunks/', 'lib/']

/** A file at the root of the app's build: a name with an extension, in no folder. */
const ROOT_FILE = /^[^/]+\.[A-Za-z0-9]+$/

/** The app's routes that a browser may open directly: each answers the app's index.html. */
const APP_ROUTES = ['/fees', '/health-check'] as const

/** What the page of a saved plan is rendered with: the widget's renderer, and who may frame the page. */
export interface SavedPlanPages {
  renderer: OwnRenderer
  frameAncestors: string
}

export function staticRoutes(app: Hono<AppEnv>, distDir: string, saved: SavedPlanPages): void {
  const appDir = join(distDir, 'app')
  const appIndex = (c: Context) => serveFile({ root: appDir, label: 'dist/app' }, 'index.html', {}, request(c, false))

  // The bundle's lazy chunks load from its own URL, so a host page on another origin must be allowed to fetch them.
  app.get('/dist/*', (c) => {
    const relative = c.req.path.slice('/dist/'.length)
    const immutable = HASHED_DIST_FOLDERS.some((folder) => relative.startsWith(folder))
    return serveFile(
      { root: distDir, label: 'dist' },
      relative,
      { 'Access-Control-Allow-Origin': '*' },
      request(c, immutable),
    )
  })
  app.get('/assets/*', (c) =>
    serveFile(
      { root: join(appDir, 'assets'), label: 'dist/app/assets' },
      c.req.path.slice('/assets/'.length),
      {},
      request(c, true),
    ),
  )
  app.get('/', (c) => c.redirect('/fees', 302))
  for (const route of APP_ROUTES) app.get(route, appIndex)
  app.get('/fees/:versionHashCode', async (c) => (await savedPlanPage(c, appDir, saved)) ?? appIndex(c))
  // Files the app build puts at its root (favicon and the like), after every other route: a pattern with a
  // parameter beside the fixed paths above would cost every request Hono's slower router (see docs/performance.md).
  app.get('/*', (c) => {
    const name = c.req.path.slice(1)
    if (!ROOT_FILE.test(name)) return c.notFound()
    return serveFile({ root: appDir, label: 'dist/app' }, name, {}, request(c, false))
  })
}

/** The language `?lang=` asks for, by its primary subtag, as the app reads it: one of LANGUAGES, else Spanish. */
function askedLanguage(tag: string): string {
  const primary = tag.split(/[-_]/, 1)[0]?.toLowerCase() ?? ''
  return (LANGUAGES as readonly string[]).includes(primary) ? primary : 'es'
}

/**
 * The app's page with the saved plan's card rendered in it, before the app's own root: the element takes the card
 * over, and the app leaves it where it is (src/app/main.tsx). The card speaks the language `?lang=` asks for, as the
 * app's page does, else the saved input's (the element's `lang=""`). Null when there is no page to render it into,
 * or no renderer in the build: the app's page as it is then loads the plan itself, as it does an unknown hash.
 */
async function savedPlanPage(c: Context, appDir: string, { renderer, frameAncestors }: SavedPlanPages) {
  const hash = c.req.param('versionHashCode') ?? ''
  const tag = c.req.query('lang')
  const lang = tag ? askedLanguage(tag) : null
  let shell: string
  try {
    shell = await readFile(join(appDir, 'index.html'), 'utf8')
  } catch {
    return null
  }
  if (!shell.includes('<div id="app">')) return null
  // With the widget's own key, as the element in the browser would load it.
  const element = await renderer.render({ versionHashCode: hash, lang: lang ?? '' })
  if (element === null) return null
  const page = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${lang ?? 'es'}">`)
    .replace('<div id="app">', `<main class="app-main">${element}</main><div id="app">`)
  const body = encodedText(page, c.req.header('Accept-Encoding'))
  return new Response(body.body, {
    headers: {
      'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html',
      // Rendered from the store for this request.
      'Cache-Control': 'no-store',
      'Content-Security-Policy': demoPageCsp(page, frameAncestors, false),
      ...body.headers,
    },
  })
}

/** A folder of built files; `label` names it in messages without showing the machine's paths. */
interface Folder {
  root: string
  label: string
}

/** What of the request decides the answer's bytes and caching. */
export interface StaticRequest {
  acceptEncoding?: string | undefined
  ifNoneMatch?: string | undefined
  /** The file's name carries its content hash, so it may be cached for good. */
  immutable?: boolean
}

function request(c: Context, immutable: boolean): StaticRequest {
  return { acceptEncoding: c.req.header('Accept-Encoding'), ifNoneMatch: c.req.header('If-None-Match'), immutable }
}

/** The brotli or gzip copy the build wrote beside `path`, if the browser takes it. */
async function encodedCopy(path: string, acceptEncoding: string | undefined) {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const copy = path + COPY_SUFFIX[encoding]
    try {
      const info = await stat(copy)
      if (info.isFile()) return { encoding, path: copy, info }
    } catch {
      // No copy of this encoding: try the next one.
    }
  }
  return null
}

/** A file under `folder`, or a 404 saying how to build it; nothing outside the folder is ever read. */
export async function serveFile(
  folder: Folder,
  relative: string,
  headers: Record<string, string> = {},
  request: StaticRequest = {},
): Promise<Response> {
  const notFound = () => missing(`${folder.label}/${relative}`)
  let name: string
  try {
    name = decodeURIComponent(relative)
  } catch {
    return notFound()
  }
  const base = resolve(folder.root)
  const path = resolve(base, name)
  if (name.includes('\0') || !path.startsWith(base + sep)) return notFound()
  try {
    const info = await stat(path)
    if (!info.isFile()) return notFound()
    const copy = await encodedCopy(path, request.acceptEncoding)
    const served = copy ?? { encoding: null, path, info }
    // Size and time of the bytes sent, and their encoding: a new build or another encoding is another tag.
    const etag = `"${served.info.size.toString(36)}-${Math.round(served.info.mtimeMs).toString(36)}${served.encoding ? `-${served.encoding}` : ''}"`
    const answerHeaders: Record<string, string> = {
      'Content-Type': contentType(path),
      // Names without a hash keep their name across builds: caches must ask whether it changed.
      'Cache-Control': request.immutable ? IMMUTABLE : 'no-cache',
      ETag: etag,
      ...(copy || (await hasCopies(path)) ? { Vary: 'Accept-Encoding' } : {}),
      ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
      ...headers,
    }
    if (etagMatches(request.ifNoneMatch, etag)) return new Response(null, { status: 304, headers: answerHeaders })
    return new Response(await readFile(served.path), { headers: answerHeaders })
  } catch {
    return notFound()
  }
}

async function hasCopies(path: string): Promise<boolean> {
  return (await encodedCopy(path, 'br, gzip')) !== null
}

function contentType(path: string): string {
  if (path.endsWith('.d.ts')) return CONTENT_TYPES['.d.ts'] ?? 'text/plain'
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

function missing(label: string): Response {
  const message = `Not found: ${label}\nIf this is a built file, run \`npm run build\` first (\`npm run demo\` does).\n`
  return new Response(message, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
