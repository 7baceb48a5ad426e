/**
 * The reference API's configuration: every environment variable it reads
 * (listed in server/README.md), each with a working default. A bad value stops the start with a
 * message naming the variable, rather than serving wrong money later.
 */
import { resolve } from 'node:path'
import { DEMO_API_KEY, MAX_FEE_COUNT } from '@fees-calculator/contract'
import { parseRate, type Rate } from './money/index.ts'

/** HS256 wants a key at least as long as its 256-bit hash (RFC 7518 §3.2). */
const MIN_JWT_SECRET_LENGTH = 32
/** A key shorter than this is guessable by brute force. */
const MIN_API_KEY_LENGTH = 8
/** Their values never appear in an error message: it may end up in a shared log. */
const SECRET_VARIABLES = new Set(['FEES_API_KEY', 'FEES_JWT_SECRET', 'DATABASE_URL', 'FEES_METRICS_TOKEN'])

export const DEFAULT_API_KEY = DEMO_API_KEY
export const DEFAULT_JWT_SECRET = 'fees-calculator-demo-secret-not-for-production'
/**
 * Where the server's files are, from the folder it is started in: the repository's layout, which the image keeps.
 * The migrations are the schema this server's code writes; the other two are what it serves.
 */
export const DEFAULT_DIST_DIR = 'dist'
export const DEFAULT_DEMO_DIR = 'demo'
export const DEFAULT_MIGRATIONS_DIR = 'server/src/store/migrations'

export interface Config {
  port: number
  host: string
  /** A file path, or `:memory:`. */
  dbPath: string
  /** `postgres://…`: versions in PostgreSQL instead of the file `dbPath`. */
  databaseUrl: string | null
  tinFinancing: Rate
  tinRefinancing: Rate
  minFees: number
  maxFees: number
  apiKey: string
  jwtSecret: string
  /** The identity provider's key set (RS256/ES256); when set, bearer tokens are checked against it instead of jwtSecret. */
  jwksUrl: string | null
  /** When set, a bearer token must carry this `iss`. */
  jwtIssuer: string | null
  /** When set, a bearer token must carry this `aud`. */
  jwtAudience: string | null
  /** The shortest time between two fetches of the key set when a token names a key it does not hold. */
  jwksCooldownMs: number
  /** Origins allowed to call cross-origin; null means the server's own origin once it listens; `*` allows any. */
  corsOrigins: string[] | null
  editableSaved: boolean
  /** The widget's build (the bundle, its chunks, the single-page app in app/), served under /dist and /fees. */
  distDir: string
  /** The demo pages (portal.html, crm.html, strict-csp.html, trusted-types.html), served under /demo. */
  demoDir: string
  /** The PostgreSQL schema's files (`001_name.sql`, …), applied in order at start. */
  migrationsDir: string
  /** Who may frame the pages (the CSP's frame-ancestors sources). */
  frameAncestors: string
  /** One JSON line per request on stdout. */
  accessLog: boolean
  /** Whether /metrics answers. */
  metrics: boolean
  /** When set, /metrics wants `Authorization: Bearer <this>`. */
  metricsToken: string | null
  /** How long a client has to send a request's headers. */
  headersTimeoutMs: number
  /** How long a connection in a request may stay silent (a body that stops half-way). */
  idleTimeoutMs: number
  /** How long a client has to send a whole request, body included. */
  requestTimeoutMs: number
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

/** Reads the configuration from environment variables; throws a ConfigError naming every bad one. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = []
  const read = <T>(name: string, fallback: T, parse: (text: string) => T): T => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') return fallback
    try {
      return parse(raw.trim())
    } catch (error) {
      const shown = SECRET_VARIABLES.has(name) ? name : `${name}=${JSON.stringify(raw)}`
      problems.push(`${shown}: ${(error as Error).message}`)
      return fallback
    }
  }

  const config: Config = {
    port: read('PORT', 4173, (t) => integerIn(t, 0, 65_535)),
    host: read('HOST', '127.0.0.1', (t) => t),
    dbPath: read('FEES_DB', 'data/fees.sqlite', (t) => t),
    databaseUrl: read('DATABASE_URL', null, parsePostgresUrl),
    tinFinancing: read('FEES_TIN_FINANCING', parseRate('0.0595'), parseRate),
    tinRefinancing: read('FEES_TIN_REFINANCING', parseRate('0.0695'), parseRate),
    minFees: read('FEES_MIN', 12, (t) => integerIn(t, 1, MAX_FEE_COUNT)),
    maxFees: read('FEES_MAX', 24, (t) => integerIn(t, 1, MAX_FEE_COUNT)),
    apiKey: read('FEES_API_KEY', DEFAULT_API_KEY, (t) => atLeast(t, MIN_API_KEY_LENGTH)),
    jwtSecret: read('FEES_JWT_SECRET', DEFAULT_JWT_SECRET, (t) => atLeast(t, MIN_JWT_SECRET_LENGTH)),
    jwksUrl: read('FEES_JWKS_URL', null, parseHttpUrl),
    jwtIssuer: read('FEES_JWT_ISSUER', null, (t) => t),
    jwtAudience: read('FEES_JWT_AUDIENCE', null, (t) => t),
    jwksCooldownMs: read('FEES_JWKS_COOLDOWN_S', 30, (t) => integerIn(t, 0, 86_400)) * 1000,
    corsOrigins: read('FEES_CORS_ORIGINS', null, parseOrigins),
    editableSaved: read('FEES_EDITABLE_SAVED', false, parseBoolean),
    distDir: read('FEES_DIST_DIR', resolve(DEFAULT_DIST_DIR), resolve),
    demoDir: read('FEES_DEMO_DIR', resolve(DEFAULT_DEMO_DIR), resolve),
    migrationsDir: read('FEES_MIGRATIONS_DIR', resolve(DEFAULT_MIGRATIONS_DIR), resolve),
    frameAncestors: read('FEES_FRAME_ANCESTORS', "'self'", parseFrameAncestors),
    accessLog: read('FEES_ACCESS_LOG', true, parseBoolean),
    metrics: read('FEES_METRICS', true, parseBoolean),
    metricsToken: read('FEES_METRICS_TOKEN', null, (t) => atLeast(t, MIN_API_KEY_LENGTH)),
    headersTimeoutMs: read('FEES_HEADERS_TIMEOUT_S', 10, (t) => integerIn(t, 1, 3600)) * 1000,
    idleTimeoutMs: read('FEES_IDLE_TIMEOUT_S', 10, (t) => integerIn(t, 1, 3600)) * 1000,
    requestTimeoutMs: read('FEES_REQUEST_TIMEOUT_S', 60, (t) => integerIn(t, 1, 3600)) * 1000,
  }
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    problems.push('FEES_HEADERS_TIMEOUT_S must not be greater than FEES_REQUEST_TIMEOUT_S')
  }
  if (config.minFees > config.maxFees) {
    problems.push(`FEES_MIN (${config.minFees}) must not be greater than FEES_MAX (${config.maxFees})`)
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return config
}

/** The origin a browser sees for a server listening on host:port. */
export function ownOrigin(host: string, port: number): string {
  // A wildcard address is not something a browser can open: it reaches it as localhost.
  const visible = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return `http://${visible.includes(':') ? `[${visible}]` : visible}:${port}`
}

function integerIn(text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new Error('must be a whole number')
  const value = Number(text)
  if (value < min || value > max) throw new Error(`must be between ${min} and ${max}`)
  return value
}

function atLeast(text: string, length: number): string {
  if (text.length < length) throw new Error(`must be at least ${length} characters long`)
  return text
}

/**
 * A URL of one of `protocols` (`kind` names them in the error, `like` shows
 * the form); returns what `keep` says: the normalised URL or the text.
 */
function urlOf(text: string, protocols: string[], kind: string, like: string, keep: 'href' | 'text'): string {
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    throw new Error(like ? `is not a URL like ${like}` : 'is not a URL')
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`must be ${kind}`)
  return keep === 'href' ? parsed.href : text
}

const parseHttpUrl = (text: string) => urlOf(text, ['https:', 'http:'], 'an http(s) URL', '', 'href')
const parsePostgresUrl = (text: string) =>
  urlOf(
    text,
    ['postgres:', 'postgresql:'],
    'a postgres:// or postgresql:// URL',
    'postgres://user:password@host:5432/database',
    'text',
  )

function parseBoolean(text: string): boolean {
  const lower = text.toLowerCase()
  if (['true', '1', 'yes'].includes(lower)) return true
  if (['false', '0', 'no'].includes(lower)) return false
  throw new Error('must be true or false')
}

/** `'self'`, `'none'`, or a list of origins (`https://portal.example.edu`, `https://*.example.edu`). */
function parseFrameAncestors(text: string): string {
  const sources = text.split(/\s+/)
  if (sources.length === 1 && (sources[0] === "'self'" || sources[0] === "'none'")) return text
  for (const source of sources) {
    if (source !== "'self'" && !/^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(source))
      throw new Error(`${JSON.stringify(source)} is not 'self', 'none' or an origin like https://portal.example.edu`)
  }
  return sources.join(' ')
}

function parseOrigins(text: string): string[] {
  const origins = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  for (const origin of origins) {
    if (origin === '*') continue
    let parsed: URL
    try {
      parsed = new URL(origin)
    } catch {
      throw new Error(`${JSON.stringify(origin)} is not a URL`)
    }
    // An origin is scheme://host[:port] with nothing after it: a path would never match a browser's Origin header.
    if (parsed.origin !== origin.replace(/\/$/, ''))
      throw new Error(`${JSON.stringify(origin)} is not an origin like https://host:port`)
  }
  return origins.map((origin) => origin.replace(/\/$/, ''))
}
