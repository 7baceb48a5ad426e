import { useLingui } from '@lingui/react/macro'
import { useLayoutEffect } from 'react'
import { Toaster, toast } from 'sonner'
import sonnerCss from 'sonner/dist/styles.css?inline'
import { adoptStyles } from '../styles/adopt.ts'
import toastsCss from './toasts.css?inline'

/** Long enough to read a sentence of Spanish. */
const ERROR_TOAST_DURATION_MS = 8_000

/**
 * Shows an error toast in one Toaster. sonner keeps its toasts in state
 * shared by the whole page: the id sends them to one widget only.
 */
export function showToast(toasterId: string, title: string, description: string | null): void {
  toast.error(title, { toasterId, duration: ERROR_TOAST_DURATION_MS, ...(description ? { description } : {}) })
}

export interface ToastsProps {
  id: string
  /** Where sonner's CSS goes: the widget's shadow root, or the page for a React host. */
  styleRoot: ShadowRoot | Document
}

/** The lazy chunk behind the notices: sonner's Toaster, with its CSS given to the widget's own root. */
export default function Toasts({ id, styleRoot }: ToastsProps) {
  const { t } = useLingui()
  useLayoutEffect(() => {
    adoptStyles(styleRoot, [sonnerCss, toastsCss])
  }, [styleRoot])
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
