import { useEffect, useSyncExternalStore } from 'react'
import { toasterChunk } from '../chunks.ts'
import { useChunk } from '../useChunk.ts'
import type { NoticeChannel } from './channel.ts'
import { wordsOf } from './messages.ts'
import { NoticeAlert } from './NoticeAlert.tsx'

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
