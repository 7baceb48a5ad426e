/**
 * The demo pages (/demo/portal.html, /demo/portal-client.html, /demo/crm.html, /demo/strict-csp.html,
 * /demo/trusted-types.html): static HTML with placeholders that the server fills in as it serves them, so each page
 * carries a live demo token and a first payment date that is still ahead. The portal comes with its card and figures
 * rendered on the server, and no token in its HTML: the demo's sign-in leaves the token in a cookie of the demo's
 * pages, which the page's script hands to the element. /demo/portal-client.html is the same portal as an integrator
 * who renders nothing on the server has it: the element draws the card in the browser, the token in its attribute.
 */

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { FinancialType, LANGUAGES, System } from '@fees-calculator/contract'
import type { Hono } from 'hono'
import { mintToken } from './auth.ts'
import { encodedText } from './compression.ts'
import { problem, problemResponse } from './problem.ts'
import type { AppEnv } from './request-context.ts'
import { pageCsp } from './security-headers.ts'
import type { OwnRenderer } from './widget-renderer.ts'

/** A short-lived token. An hour is long enough to try the demo, short enough to be harmless if copied. */
const DEMO_TOKEN_TTL_S = 60 * 60
/** A token is replaced when less than this is left, so a page never ships one about to expire. */
const DEMO_TOKEN_REFRESH_S = 10 * 60
/** The first payment falls on this day of next month: always in the future, and a day every month has. */
const FIRST_PAYMENT_DAY = 5
/** Each page, and the file it is made from: the portal twice, rendered on the server and in the browser. */
const PAGES = {
  portal: 'portal',
  'portal-client': 'portal',
  crm: 'crm',
  'strict-csp': 'strict-csp',
  'trusted-types': 'trusted-types',
} as const
/** The page whose calculator is rendered on the server. */
const RENDERED_PAGE = 'portal'
/** The first `<fees-calculator …></fees-calculator>` of a page, and each attribute in its opening tag. */
const CALCULATOR_ELEMENT = /<fees-calculator\b([^>]*)>\s*<\/fees-calculator>/
const ATTRIBUTE = /([\w-]+)(?:\s*=\s*(?:'([^']*)'|"([^"]*)"))?/g
/** The cookie the demo's sign-in leaves the student's token in, for the rendered portal's script to read. */
const TOKEN_COOKIE = 'fees-demo-token'
/**
 * The rendered portal's script, as a portal's own has it: the student's token, from the sign-in's cookie (never in the
 * page's HTML), given to the element with the input it was rendered with, before the element takes its card over:
 * nothing changes on screen and nothing is sent; the student's first change carries it.
 */
const TOKEN_SCRIPT = `<script>
          {
            const token = /(?:^|; )${TOKEN_COOKIE}=([^;]*)/.exec(document.cookie)?.[1]
            const calculator = document.getElementById('calculator')
            calculator.tuitionInput = { ...JSON.parse(calculator.getAttribute('tuition-input')), token }
          }
        </script>`
/** What every demo page's head starts with, filled in for its __DEMO_HEAD__. */
const DEMO_HEAD = [
  '<meta charset="utf-8" />',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
  '<meta name="viewport" content="width=device-width, initial-scale=1" />',
].join('\n    ')
/**
 * Trusted Types enforced and no policy allowed: no string may reach an HTML, script or script-URL sink
 * (innerHTML, a script's src, eval…), which the widget must never need.
 */
const TRUSTED_TYPES = "; require-trusted-types-for 'script'; trusted-types 'none'"
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g

const SYSTEMS = Object.values(System).map(String)
const FINANCIAL_TYPES = Object.values(FinancialType).map(String)

export interface DemoPageOptions {
  demoDir: string
  jwtSecret: string
  minFees: number
  maxFees: number
  /** Who may frame the pages (FEES_FRAME_ANCESTORS). */
  frameAncestors: string
  /** The widget's server renderer, asking this server's API for the portal's figures. */
  renderer: OwnRenderer
}

export interface DemoPages {
  /** Mints the first demo token (the server does it at start). */
  warm(): Promise<void>
}

export function demoPageRoutes(app: Hono<AppEnv>, options: DemoPageOptions): DemoPages {
  let token: { value: string; expiresAt: number } | null = null
  const currentToken = async (): Promise<string> => {
    const now = Date.now() / 1000
    if (token === null || token.expiresAt - now < DEMO_TOKEN_REFRESH_S) {
      token = { value: await mintToken(options.jwtSecret, DEMO_TOKEN_TTL_S), expiresAt: now + DEMO_TOKEN_TTL_S }
    }
    return token.value
  }

  for (const [page, file] of Object.entries(PAGES)) {
    app.get(`/demo/${page}.html`, async (c) => {
      const query = (name: string, fallback: string, allowed: readonly string[]) => {
        const value = (c.req.query(name) ?? fallback).toLowerCase()
        return allowed.includes(value) ? value : null
      }
      const language = query('lang', 'es', LANGUAGES)
      const system = query('system', '1', SYSTEMS)
      const financialType = query('type', '0', FINANCIAL_TYPES)
      if (language === null || system === null || financialType === null) {
        const errors = [
          ...(language === null ? [{ field: 'lang', message: `must be one of ${LANGUAGES.join(', ')}` }] : []),
          ...(system === null ? [{ field: 'system', message: `must be one of ${SYSTEMS.join(', ')}` }] : []),
          ...(financialType === null
            ? [{ field: 'type', message: `must be one of ${FINANCIAL_TYPES.join(', ')}` }]
            : []),
        ]
        return problemResponse(c, problem('validation_failed', 'Invalid demo page parameters.', errors))
      }
      let html: string
      try {
        html = await readFile(join(options.demoDir, `${file}.html`), 'utf8')
      } catch {
        return c.text(`demo/${file}.html is missing from ${options.demoDir}.\n`, 404)
      }
      // Every value below is fixed markup, from a fixed list, a date or a JWT (base64url and dots): none can break out of the HTML or JSON around it.
      const values: Record<string, string> = {
        __DEMO_HEAD__: DEMO_HEAD,
        __DEMO_TOKEN__: await currentToken(),
        __DATE_OF_PAYMENT__: nextFirstPaymentDate(new Date()),
        __LANGUAGE__: language,
        __SYSTEM__: system,
        __FINANCIAL_TYPE__: financialType,
        __FEES_MIN__: String(options.minFees),
        __FEES_MAX__: String(options.maxFees),
      }
      let filled = html.replace(/__[A-Z_]+__/g, (placeholder) => values[placeholder] ?? placeholder)
      if (page === RENDERED_PAGE) {
        filled = await renderedPortal(filled, options.renderer)
        c.header(
          'Set-Cookie',
          `${TOKEN_COOKIE}=${values.__DEMO_TOKEN__}; Path=/demo; Max-Age=${DEMO_TOKEN_TTL_S}; SameSite=Strict`,
        )
      }
      // Made for this request (its token), so compressed as it is sent, and never cached.
      const answer = encodedText(filled, c.req.header('Accept-Encoding'))
      c.header('Cache-Control', 'no-store')
      c.header('Content-Security-Policy', demoPageCsp(filled, options.frameAncestors, page === 'trusted-types'))
      return c.body(answer.body, 200, { 'Content-Type': 'text/html; charset=UTF-8', ...answer.headers })
    })
  }

  return { warm: async () => void (await currentToken()) }
}

/**
 * The portal with its calculator rendered on the server: the element with its card and figures in place of the
 * page's empty one, its token left out, and the script that gives it the token from the sign-in's cookie. Without
 * the widget's renderer (no build), the page as it is.
 */
async function renderedPortal(html: string, renderer: OwnRenderer): Promise<string> {
  const element = CALCULATOR_ELEMENT.exec(html)
  if (!element) return html
  const attributes: Record<string, string | true> = {}
  for (const [, name = '', single, double] of (element[1] ?? '').matchAll(ATTRIBUTE))
    attributes[name] = single ?? double ?? true
  const { 'tuition-input': inputText, ...own } = attributes
  if (typeof inputText !== 'string') return html
  // The token goes with the calculation, as the widget sends it, and the renderer leaves it out of the HTML.
  const rendered = await renderer.render({ tuitionInput: inputText, attributes: own })
  if (rendered === null) return html
  const withCard = html
    .replace(element[0], `${rendered}\n        ${TOKEN_SCRIPT}`)
    .replace(ELEMENT_SCRIPT, (_, src: string) => scriptAfterFirstPaint(src))
  return typeof own.id === 'string' ? withCard.replace('</head>', `  ${firstPaintWith(own.id)}\n  </head>`) : withCard
}

/** The page's script tag of the element. */
const ELEMENT_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/

/**
 * The element's script, asked for once the page's first paint is on screen (its paint timing entry; a frame later
 * where there is none): the card shows its figures already, and a script that arrived first (a fast connection, a
 * cached script) would run before that paint and hold it back.
 */
const scriptAfterFirstPaint = (src: string) =>
  `<script type="module">
      {
        const load = () => import(${JSON.stringify(src)})
        if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
          new PerformanceObserver((_, observer) => {
            observer.disconnect()
            load()
          }).observe({ type: 'paint', buffered: true })
        else requestAnimationFrame(() => setTimeout(load))
      }
    </script>`

/**
 * Holds the page's first paint until the element with `id` has been parsed whole (Chromium 124+; other engines paint
 * as before): a card rendered on the server sits in a declarative shadow root, whose content is attached only once
 * its template is parsed, so a parser that yields inside it would paint the page first and the card a frame later.
 * With it, the card is in the page's first paint.
 */
const firstPaintWith = (id: string) => `<link rel="expect" href="#${encodeURIComponent(id)}" blocking="render" />`

/** `YYYY-MM-DD` of the FIRST_PAYMENT_DAY of the month after `today` (UTC). */
export function nextFirstPaymentDate(today: Date): string {
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, FIRST_PAYMENT_DAY))
  return next.toISOString().slice(0, 10)
}

/**
 * The strict policy every page has; the portal and CRM pages show a host's own inline script and style, which
 * the policy allows by their hashes only (a host's way to keep inline code under a strict policy): the widget
 * itself needs none. The strict-csp and trusted-types pages have no inline code at all.
 */
export function demoPageCsp(html: string, frameAncestors: string, trustedTypes: boolean): string {
  const hashes = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    )
  const policy = pageCsp(frameAncestors, { scripts: hashes(INLINE_SCRIPT), styles: hashes(INLINE_STYLE) })
  return trustedTypes ? policy + TRUSTED_TYPES : policy
}
