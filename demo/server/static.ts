/**
 * The built files of `npm run build`, served beside the API on one port:
 * the bundle under /dist, the single-page app at its routes (`/fees`,
 * `/fees/<hash>`, `/health-check`) and its assets under /assets.
 */
import type { Hono } from 'hono'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'

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

/** The app's routes that a browser may open directly: each answers the app's index.html. */
const APP_ROUTES = ['/fees', '/fees/:versionHashCode', '/health-check'] as const

export function staticRoutes(app: Hono, distDir: string): void {
  const appDir = join(distDir, 'app')

  // The bundle's lazy chunks load from its own URL, so a host page on another origin must be allowed to fetch them.
  app.get('/dist/*', (c) =>
    serveFile({ root: distDir, label: 'dist' }, c.req.path.slice('/dist/'.length), {
      'Access-Control-Allow-Origin': '*',
    }),
  )
  app.get('/assets/*', (c) =>
    serveFile({ root: join(appDir, 'assets'), label: 'dist/app/assets' }, c.req.path.slice('/assets/'.length)),
  )
  app.get('/', (c) => c.redirect('/fees', 302))
  for (const route of APP_ROUTES) app.get(route, () => serveFile({ root: appDir, label: 'dist/app' }, 'index.html'))
  // Files the app build puts at its root (favicon and the like).
  app.get('/:file{[^/]+\\.[A-Za-z0-9]+}', (c) => serveFile({ root: appDir, label: 'dist/app' }, c.req.param('file')))
}

/** A folder of built files; `label` names it in messages without showing the machine's paths. */
interface Folder {
  root: string
  label: string
}

/** A file under `folder`, or a 404 saying how to build it; nothing outside the folder is ever read. */
export async function serveFile(
  folder: Folder,
  relative: string,
  headers: Record<string, string> = {},
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
    if (!(await stat(path)).isFile()) return notFound()
    const body = await readFile(path)
    return new Response(body, {
      headers: {
        'Content-Type': contentType(path),
        // Revalidate every time: the demo serves whatever the last build wrote.
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        ...headers,
      },
    })
  } catch {
    return notFound()
  }
}

function contentType(path: string): string {
  if (path.endsWith('.d.ts')) return CONTENT_TYPES['.d.ts'] ?? 'text/plain'
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

function missing(label: string): Response {
  const message = `Not found: ${label}\nIf this is a built file, run \`npm run build\` first (\`npm run demo\` does).\n`
  return new Response(message, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  })
}
