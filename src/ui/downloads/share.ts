// The link "Send to whoever pays" sends: the saved plan's, made from the host's `plan-url` (its words: texts.ts,
// shareTexts). Nothing the plan's own page does not show goes with it (docs/embedding.md#send-to-whoever-pays).

/** What stands for the version's hash in the host's `plan-url`. */
const HASH = '{hash}'

/**
 * The link a saved plan is sent by: the host's `plan-url` with the version's hash in place of `{hash}`, read against
 * the page's address (so `/plan/{hash}` works too). Null without a pattern, for one without `{hash}` (every plan
 * would get the same link), and for one that does not make an http(s) link.
 */
export function planLinkOf(pattern: string | null, versionHashCode: string, base: string): string | null {
  if (!pattern?.includes(HASH)) return null
  try {
    const link = new URL(pattern.replaceAll(HASH, encodeURIComponent(versionHashCode)), base)
    return link.protocol === 'https:' || link.protocol === 'http:' ? link.href : null
  } catch {
    return null
  }
}

/** A host's `plan-url` that gives no button, and why, for the console; null for a usable one or none. */
export function planUrlProblem(pattern: string | null): string | null {
  if (!pattern) return null
  if (!pattern.includes(HASH)) return `plan-url "${pattern}" has no ${HASH}: "Send to whoever pays" is not offered`
  return planLinkOf(pattern, 'hash', 'https://example.invalid/') === null
    ? `plan-url "${pattern}" is not an http(s) link: "Send to whoever pays" is not offered`
    : null
}
