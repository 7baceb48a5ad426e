/**
 * The built files of `npm run build`, served beside the API on one port:
 * the bundle under /dist, the single-page app at its routes (`/fees`,
 * `/fees/<hash>`, `/health-check`) and its assets under /assets.
 *
 * Served as a CDN would: the brotli or gzip copy the build wrote beside a file
 * when the browser accepts it (compression.ts); files whose names carry a content
 * hash (the lazy chunks, the app's assets) cached for a year as immutable; the
 * entry scripts and pages, whose names never change, revalidated by ETag.
 */

import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { Context, Hono } from 'hono'
import { acceptedEncodings, COPY_SUFFIX, etagMatches } from './compression.ts'
import type { AppEnv } from './request-context.ts'

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
const APP_ROUTES = ['/fees', '/fees/:versionHashCode', '/health-check'] as const

export function staticRoutes(app: Hono<AppEnv>, distDir: string): void {
  const appDir = join(distDir, 'app')

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
  for (const route of APP_ROUTES)
    app.get(route, (c) => serveFile({ root: appDir, label: 'dist/app' }, 'index.html', {}, request(c, false)))
  // Files the app build puts at its root (favicon and the like), after every other route: a pattern with a
  // parameter beside the fixed paths above would cost every request Hono's slower router (see docs/performance.md).
  app.get('/*', (c) => {
    const name = c.req.path.slice(1)
    if (!ROOT_FILE.test(name)) return c.notFound()
    return serveFile({ root: appDir, label: 'dist/app' }, name, {}, request(c, false))
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
