/** The app's routes: `/fees` (a new plan), `/fees/<hash>` (a saved version) and `/health-check`. */
export type Route =
  | { name: 'fees'; versionHashCode: string | null }
  | { name: 'health-check' }
  | { name: 'redirect'; to: string }

/** Where the app goes when the path names no route. */
export const FEES_PATH = '/fees'
export const HEALTH_CHECK_PATH = '/health-check'

/** A version hash is URL-safe text: letters, digits, `-` and `_`. */
const FEES_WITH_HASH = /^\/fees\/([A-Za-z0-9_-]+)\/?$/

/** What a path shows: `/` and unknown paths redirect to `/fees`. */
export function matchRoute(pathname: string): Route {
  if (pathname === FEES_PATH || pathname === `${FEES_PATH}/`) return { name: 'fees', versionHashCode: null }
  const withHash = FEES_WITH_HASH.exec(pathname)
  if (withHash) return { name: 'fees', versionHashCode: withHash[1]! }
  if (pathname === HEALTH_CHECK_PATH || pathname === `${HEALTH_CHECK_PATH}/`) return { name: 'health-check' }
  return { name: 'redirect', to: FEES_PATH }
}
