// One widget's queue of notices, from the store to its toaster (or to the fallback alert).
import type { I18n } from '@lingui/core'
import type { Notice } from '../../store/calculator-store.ts'

/** A notice waiting for the toaster, with the i18n of the moment it was raised. */
export interface PendingNotice {
  notice: Notice
  i18n: I18n
}

/**
 * One widget's notices on their way to its toaster. They queue here until the
 * toaster's chunk has arrived and is mounted; if it cannot load, they stay
 * and the built-in alert shows them.
 */
export interface NoticeChannel {
  /** The id of this widget's sonner Toaster. */
  readonly toasterId: string
  /** The notices not shown yet (a new array after each change). */
  pending(): readonly PendingNotice[]
  subscribe(listener: () => void): () => void
  push(notice: PendingNotice): void
  /** Empties the queue and returns what it held. */
  take(): readonly PendingNotice[]
}

let toasterCount = 0

export function createNoticeChannel(): NoticeChannel {
  toasterCount += 1
  const toasterId = `fees-calculator-${toasterCount}`
  let queue: readonly PendingNotice[] = []
  const listeners = new Set<() => void>()
  const set = (next: readonly PendingNotice[]) => {
    queue = next
    for (const listener of listeners) listener()
  }
  return {
    toasterId,
    pending: () => queue,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    push: (notice) => set([...queue, notice]),
    take() {
      const taken = queue
      if (taken.length > 0) set([])
      return taken
    },
  }
}

/** Shows a notice as an error toast, in the given language, in this widget's own toaster. */
export function showNotice(channel: NoticeChannel, i18n: I18n, notice: Notice): void {
  channel.push({ notice, i18n })
}
