import { useSyncExternalStore } from 'react'

/** Fired on same-document navigations, which popstate does not report. */
const NAVIGATE_EVENT = 'fees-calculator:navigate'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE_EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE_EVENT, onChange)
  }
}

/** The current path, re-rendering on back/forward and on navigate(). */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname)
}

/** Goes to `to` through the history API (no reload). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}
