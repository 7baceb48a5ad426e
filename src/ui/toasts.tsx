import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { toast, Toaster } from 'sonner'
import sonnerCss from 'sonner/dist/styles.css?inline'
import type { Notice } from '../store/calculator-store.ts'

/** sonner's CSS, which our build keeps out of the page's <head>: it goes to the shadow root instead. */
export const TOASTER_STYLES = [sonnerCss]
/** Long enough to read a sentence of Spanish. */
const ERROR_TOAST_DURATION_MS = 8_000

let toasterCount = 0
/**
 * sonner keeps its toasts in module state shared by the whole page: each
 * element gets a Toaster id of its own and sends its toasts to that id only.
 */
export function newToasterId(): string {
  toasterCount += 1
  return `fees-calculator-${toasterCount}`
}

/** The toasts of spec section 8. The Spanish texts are the spec's, word for word. */
const NOTICE_MESSAGES = {
  version_number_failed: { title: msg`Error`, description: msg`Could not get the version number` },
  date_parse_failed: { title: msg`An error occurred while parsing the date to UTC`, description: null },
  chunk_load_failed: { title: msg`Loading chunk failed`, description: msg`Check your connection and reload the page.` },
} as const

export type ToastNotice = Notice | { kind: 'chunk_load_failed' }

/** Shows a notice as an error toast, in the instance's language, in the instance's own Toaster. */
export function showNotice(toasterId: string, i18n: I18n, notice: ToastNotice): void {
  const { title, description } = NOTICE_MESSAGES[notice.kind]
  toast.error(i18n._(title), {
    toasterId,
    duration: ERROR_TOAST_DURATION_MS,
    ...(description ? { description: i18n._(description) } : {}),
  })
}

export function NoticeToaster({ id }: { id: string }) {
  const { t } = useLingui()
  return (
    <Toaster
      id={id}
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close` }}
    />
  )
}
