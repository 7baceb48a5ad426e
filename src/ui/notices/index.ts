// The widget's notices: what they say (messages.ts), their queue per widget (channel.ts), the lazily loaded
// toaster that shows them (NoticeToaster.tsx, with sonner in the Toasts.tsx chunk), and the alert built into
// the first render that shows them when that chunk cannot load (NoticeAlert.tsx).
export { createNoticeChannel, type NoticeChannel, showNotice } from './channel.ts'
export { NOTICE_STYLES } from './NoticeAlert.tsx'
export { NoticeToaster, type NoticeToasterProps } from './NoticeToaster.tsx'
