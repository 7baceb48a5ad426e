/** Moves the happy-dom page to `url`, so relative API roots and cookies belong to that origin. */
export function setPageUrl(url: string): void {
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)
}
