/** The routes of contract section 3. */
export type Route =
  | { name: 'fees'; versionHashCode: string | null }
  | { name: 'health-check' }
  | { name: 'redirect'; to: string }

/** The default route target (spec section 9). */
export const FEES_PATH = '/fees'
export const HEALTH_CHECK_PATH = '/health-check'

/** A version hash is URL-safe text (contract section 7). */
const FEES_WITH_HASH = /^\/fees\/([A-Za-z0-9_-]+)\/?$/

/** What a path shows: `/` and unknown paths redirect to `/fees`. */
export function matchRoute(pathname: string): Route {
  if (pathname === FEES_PATH || pathname === `${FEES_PATH}/`) return { name: 'fees', versionHashCode: null }
  const withHash = FEES_WITH_HASH.exec(pathname)
  if (withHash) return { name: 'fees', versionHashCode: withHash[1]! }
  if (pathname === HEALTH_CHECK_PATH || pathname === `${HEALTH_CHECK_PATH}/`) return { name: 'health-check' }
  return { name: 'redirect', to: FEES_PATH }
}
