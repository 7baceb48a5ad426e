import { useLingui } from '@lingui/react/macro'
import type { PendingNotice } from './channel.ts'
import { wordsOf } from './messages.ts'
import noticeAlertCss from './notice-alert.css?inline'

/** The built-in alert's styles, part of the first render; sonner's come with its chunk. */
export const NOTICE_STYLES = [noticeAlertCss]

/** What the toasts would have said, when their chunk cannot load: one line per kind of notice. */
export function NoticeAlert({ pending, onClose }: { pending: readonly PendingNotice[]; onClose(): void }) {
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
