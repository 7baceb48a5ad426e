/// <reference path="../po.d.ts" />
import { type Messages, setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useLayoutEffect, useMemo } from 'react'
import { Toaster, toast } from 'sonner'
import sonnerCss from 'sonner/dist/styles.css?inline'
import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { messages as ca } from './locales/ca/messages.po'
import { messages as en } from './locales/en/messages.po'
import { messages as es } from './locales/es/messages.po'
import { messages as eu } from './locales/eu/messages.po'
import { messages as gl } from './locales/gl/messages.po'
import { messages as pt } from './locales/pt/messages.po'
import toastsCss from './toasts.css?inline'

/** The toaster's own two labels, in every language: a catalogue of its own in this chunk, not on the first path. */
const TOASTER_WORDS: Record<Language, Messages> = { es, en, ca, eu, gl, pt }

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
  // The card's language, from its words.
  const language = (useLingui().i18n.locale as Language) ?? DEFAULT_LANGUAGE
  const words = useMemo(
    () => setupI18n({ locale: language, messages: { [language]: TOASTER_WORDS[language] ?? es } }),
    [language],
  )
  useLayoutEffect(() => {
    adoptStyles(styleRoot, [sonnerCss, toastsCss])
  }, [styleRoot])
  return (
    <Toaster
      id={id}
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel={words._(msg`Notifications`)}
      toastOptions={{ closeButtonAriaLabel: words._(msg`Close`) }}
    />
  )
}
