import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useSyncExternalStore } from 'react'
import type { Notice } from '../store/calculator-store.ts'
import { defineChunk } from './lazy.ts'
import { saveFailureWords } from './save-failure.ts'
import noticeAlertCss from './notice-alert.css?inline'
import { useChunk } from './useChunk.ts'

/**
 * sonner and its CSS (≈10 KB gzip): no first render needs them, so they load
 * when the browser is idle once no calculation is on its way (after the
 * first figures), or at once when a notice comes first.
 */
const toasterChunk = defineChunk('toaster', () => import('./toaster/Toasts.tsx'))

/** The built-in alert's styles; sonner's come with its chunk. */
export const NOTICE_STYLES = [noticeAlertCss]

/** The toasts of spec section 8. The Spanish texts are the spec's, word for word. */
const NOTICE_MESSAGES = {
  version_number_failed: { title: msg`Error`, description: msg`Could not get the version number` },
  date_parse_failed: { title: msg`An error occurred while parsing the date to UTC`, description: null },
  chunk_load_failed: { title: msg`Loading chunk failed`, description: msg`Check your connection and reload the page.` },
} as const

/** A notice waiting for the toaster, with the i18n of the moment it was raised. */
interface PendingNotice {
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

function wordsOf({ notice, i18n }: PendingNotice): { title: string; description: string | null } {
  if (notice.kind === 'save_failed') return saveFailureWords(notice, i18n)
  const { title, description } = NOTICE_MESSAGES[notice.kind]
  return { title: i18n._(title), description: description ? i18n._(description) : null }
}

export interface NoticeToasterProps {
  channel: NoticeChannel
  /** Where the toaster's CSS goes; null while the widget does not know its root yet. */
  styleRoot: ShadowRoot | Document | null
  /** The toaster's own chunk failed: it is reported like any other (console, and a notice). */
  onChunkFailure(error: unknown): void
  /**
   * A calculation is on its way: the toaster's chunk waits until it has
   * answered, so that nothing competes with the first figures on a slow line.
   */
  busy?: boolean
}

/**
 * The widget's toaster, loaded lazily. Until it is there nothing shows; a
 * notice that comes first asks for it at once. If its chunk cannot load, a
 * small alert built into the first render says what the toasts would have.
 */
export function NoticeToaster({ channel, styleRoot, onChunkFailure, busy = false }: NoticeToasterProps) {
  const pending = useSyncExternalStore(channel.subscribe, channel.pending, channel.pending)
  const { module, failed, request } = useChunk(toasterChunk, onChunkFailure, { preload: !busy })

  useEffect(() => {
    // No retry after a failure: the alert shows the notices instead, and a retry could fail and notify again.
    if (pending.length > 0 && module === undefined && !failed) request()
  }, [pending, module, failed, request])

  // After the Toaster below has mounted (children's effects run first), so sonner has a subscriber.
  useEffect(() => {
    if (module === undefined || styleRoot === null || pending.length === 0) return
    for (const item of channel.take()) {
      const { title, description } = wordsOf(item)
      module.showToast(channel.toasterId, title, description)
    }
  }, [module, styleRoot, pending, channel])

  if (module !== undefined && styleRoot !== null) {
    const Toasts = module.default
    return <Toasts id={channel.toasterId} styleRoot={styleRoot} />
  }
  if (failed && pending.length > 0) return <NoticeAlert pending={pending} onClose={() => channel.take()} />
  return null
}

/** What the toasts would have said, when their chunk cannot load: one line per kind of notice. */
function NoticeAlert({ pending, onClose }: { pending: readonly PendingNotice[]; onClose(): void }) {
  const { t } = useLingui()
  const kinds = new Map(pending.map((item) => [item.notice.kind, item]))
  return (
    <div className="fc-notice-alert" role="alert">
      <ul>
        {[...kinds].map(([kind, item]) => {
          const { title, description } = wordsOf(item)
          return (
            <li key={kind}>
              <strong>{title}</strong>
              {description ? <span> {description}</span> : null}
            </li>
          )
        })}
      </ul>
      <button type="button" className="fc-notice-alert-close" aria-label={t`Close`} onClick={onClose}>
        ×
      </button>
    </div>
  )
}
