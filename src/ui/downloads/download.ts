/**
 * How long a file's object URL outlives the click that offers it: a browser may read the blob after click() has
 * returned, and a URL revoked before the download has started can fail it (as reported of Firefox and WebKit).
 * Keeping a plan's few hundred KB a second longer costs nothing a student notices.
 */
const REVOKE_AFTER_MS = 1_000

/** Offers a file to download without leaving the page; from inside a shadow root too, where the link is detached. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}
