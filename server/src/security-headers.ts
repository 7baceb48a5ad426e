/**
 * The headers every answer of the app carries: the request's id (which every problem body names too), `nosniff`,
 * the referrer policy, and the pages' strict Content-Security-Policy unless the answer has a policy of its own
 * (the API's, a demo page's). A Hono middleware, so that `app.fetch` answers with them as the Node server does.
 */
import { REQUEST_ID_HEADER } from '@fees-calculator/contract'
import type { Context, MiddlewareHandler } from 'hono'
import { type AppEnv, requestIdOf } from './request-context.ts'

const REFERRER_POLICY = 'strict-origin-when-cross-origin'
const CSP = 'Content-Security-Policy'

/**
 * The policy every page is served under: the strict one the widget works under (no inline script or style, no
 * eval, nothing from elsewhere), plus who may frame the page.
 */
export function pageCsp(frameAncestors: string, extra: { scripts?: string[]; styles?: string[] } = {}): string {
  const sources = (list: string[] | undefined) => (list && list.length > 0 ? ` ${list.join(' ')}` : '')
  return [
    "default-src 'self'",
    `script-src 'self'${sources(extra.scripts)}`,
    `style-src 'self'${sources(extra.styles)}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ')
}

/** Marks an answer made by securedResponse, which carries the headers already (a mark costs nothing a WeakSet's
 * entry would: 1.6 µs a request, docs/performance.md). */
const SECURED = Symbol('carries the security headers')
type Secured = Response & { [SECURED]?: true }

/**
 * An answer whose headers are one plain record, with the security headers first and then its own, which name its
 * own policy: how the API answers (guards.ts). Added after the answer is made, as the middleware does for every
 * other, they would build a web Headers object that the Node adapter otherwise never makes for a string body
 * (docs/performance.md).
 */
export function securedResponse(
  c: Context,
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  own: Record<string, string> & { [CSP]: string },
): Response {
  const headers: Record<string, string> = {
    [REQUEST_ID_HEADER]: requestIdOf(c),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': REFERRER_POLICY,
  }
  for (const name in own) headers[name] = own[name] as string
  const response: Secured = new Response(body, { status, headers })
  response[SECURED] = true
  return response
}

/** Gives every answer the security headers, the pages' policy framed only by `frameAncestors`. */
export function securityHeaders(frameAncestors: string): MiddlewareHandler<AppEnv> {
  const policy = pageCsp(frameAncestors)
  return async (c, next) => {
    await next()
    if ((c.res as Secured)[SECURED]) return
    const headers = c.res.headers
    headers.set(REQUEST_ID_HEADER, requestIdOf(c))
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', REFERRER_POLICY)
    if (!headers.has(CSP)) headers.set(CSP, policy)
  }
}
