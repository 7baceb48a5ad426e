import { DEMO_API_KEY } from '@fees-calculator/contract'

/** The API's environments (local, dev, pre, test, production), picked from the page's host name. */
export type Environment = 'local' | 'dev' | 'pre' | 'test' | 'production'

// Build-time configuration (Vite env variables, documented in server/README.md), each read as `import.meta.env.NAME`: the
// build writes in the value of each, where a variable holding `import.meta.env` would bring the whole object.

/** The local root is relative, so the page's own server (the demo server) answers. */
export const API_ROOTS: Record<Environment, string> = {
  local: import.meta.env.VITE_FEES_API_ROOT_LOCAL ?? '/api/v1',
  dev: import.meta.env.VITE_FEES_API_ROOT_DEV ?? 'https://api.dev.fees-calculator.example/api/v1',
  pre: import.meta.env.VITE_FEES_API_ROOT_PRE ?? 'https://api.pre.fees-calculator.example/api/v1',
  test: import.meta.env.VITE_FEES_API_ROOT_TEST ?? 'https://api.test.fees-calculator.example/api/v1',
  production: import.meta.env.VITE_FEES_API_ROOT_PRODUCTION ?? 'https://api.fees-calculator.example/api/v1',
}

/** Host-name suffixes; checked in this order, so the more specific come first. */
const SUFFIXES: [Environment, string][] = [
  ['dev', import.meta.env.VITE_FEES_HOST_SUFFIX_DEV ?? '.dev.fees-calculator.example'],
  ['pre', import.meta.env.VITE_FEES_HOST_SUFFIX_PRE ?? '.pre.fees-calculator.example'],
  ['test', import.meta.env.VITE_FEES_HOST_SUFFIX_TEST ?? '.test.fees-calculator.example'],
  ['production', import.meta.env.VITE_FEES_HOST_SUFFIX_PRODUCTION ?? 'fees-calculator.example'],
]

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/** local for localhost, the first matching suffix otherwise, dev when nothing matches. */
export function environmentOf(hostname: string): Environment {
  const host = hostname.toLowerCase()
  if (LOCAL_HOSTS.has(host)) return 'local'
  for (const [environment, suffix] of SUFFIXES) {
    if (suffix && (host === suffix.replace(/^\./, '') || host.endsWith(suffix))) return environment
  }
  return 'dev'
}

/** The API root: the `api-base` attribute wins over the environment's. Never ends with a slash. */
export function apiRootFor(hostname: string, apiBase?: string | null): string {
  const root = apiBase?.trim() || API_ROOTS[environmentOf(hostname)]
  return root.replace(/\/+$/, '')
}

/** The static key of hash mode, overridden by the `api-key` attribute. */
export const DEFAULT_API_KEY = import.meta.env.VITE_FEES_API_KEY ?? DEMO_API_KEY

/** A root without a scheme or host is relative to the page (XSRF is sent only there). */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//')
}
