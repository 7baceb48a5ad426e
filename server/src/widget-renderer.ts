/**
 * The widget's server renderer (`fees-calculator/server`), as the build this server serves made it: `server.js` in
 * the build's folder, loaded when a page or RenderFeeOptions first needs it. The server shares no code with the
 * widget but the contract: it runs the renderer the package ships, as any portal would, and the renderer asks this
 * server's own API for the figures by the widget's rules (the body the widget would send, its endpoint, its
 * credentials), in this process: no socket, the app's own routes and checks.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as Renderer from 'fees-calculator/server'

export type WidgetRenderer = typeof Renderer

/** Where the renderer's calls go: any absolute root does, the app answers them by their path. */
const IN_PROCESS_ROOT = 'http://in-process.invalid/api/v1'
/**
 * How long a page waits for the figures asked in this process. The renderer's own default (300 ms) is for an API
 * across a network; here an answer takes a millisecond, and a busy machine is given longer before the page goes out
 * without its figures.
 */
const IN_PROCESS_DEADLINE_MS = 2_000

export interface OwnRenderer {
  /**
   * The element's HTML for `settings`, its figures asked of this server's API in this process, with the bearer
   * `token` or the caller's own credential headers (`Authorization`, `X-Api-Key`); null while the build has no
   * renderer (`npm run build` makes it).
   */
  render(
    settings: Renderer.FeesCalculatorSettings,
    credentials?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<string | null>
}

/**
 * The renderer of the build in `distDir`, loaded once (while the build has none, the next call tries again), calling
 * the app through `fetchOwn`.
 */
export function ownRenderer(
  distDir: string,
  fetchOwn: (request: Request) => Response | Promise<Response>,
): OwnRenderer {
  let loading: Promise<WidgetRenderer | null> | null = null
  const load = () => {
    loading ??= (import(pathToFileURL(join(distDir, 'server.js')).href) as Promise<WidgetRenderer>).catch(() => {
      loading = null
      return null
    })
    return loading
  }
  return {
    async render(settings, { token = null, headers = {} } = {}) {
      const renderer = await load()
      if (renderer === null) return null
      return renderer.renderFeesCalculatorFromApi(settings, {
        apiRoot: IN_PROCESS_ROOT,
        token,
        deadlineMs: IN_PROCESS_DEADLINE_MS,
        fetch: (input, init) => {
          const request = new Request(input, init)
          for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
          return Promise.resolve(fetchOwn(request))
        },
      })
    },
  }
}
