/** A health check that hangs says as much as one that fails. */
const HEALTH_TIMEOUT_MS = 10_000

export type ApiHealth = { ok: true; status: number } | { ok: false; status: number | null; message: string }

/** Asks `GET <root>/health` : answered `{ status: "ok" }` when the API and its database work. */
export async function checkApiHealth(root: string, fetchFn: typeof fetch = fetch): Promise<ApiHealth> {
  const url = new URL(
    `${root.replace(/\/+$/, '')}/health`,
    typeof location === 'undefined' ? 'http://localhost/' : location.href,
  )
  try {
    const response = await fetchFn(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    })
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null
    if (response.ok && body?.status === 'ok') return { ok: true, status: response.status }
    return { ok: false, status: response.status, message: response.statusText || 'unexpected answer' }
  } catch (error) {
    return { ok: false, status: null, message: error instanceof Error ? error.message : String(error) }
  }
}
