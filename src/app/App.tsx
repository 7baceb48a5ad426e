import type { I18n, Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { createElement, useCallback, useEffect, useState } from 'react'
import { type Language, languageOfTag } from '../domain/language.ts'
import { CHUNK_LOAD_FAILED, defineChunk } from '../lazy/chunk.ts'
import { createI18n, loadWords, wordsOf } from '../ui/i18n.ts'
import { createNoticeChannel, NoticeToaster, showNotice } from '../ui/notices/index.ts'
import { useChunk } from '../ui/useChunk.ts'
// The app's own words (its header, the health check), in a catalogue of their own: the package ships none of them.
import { messages as caAppMessages } from './locales/ca/messages.po'
import { messages as enAppMessages } from './locales/en/messages.po'
import { messages as esAppMessages } from './locales/es/messages.po'
import { messages as euAppMessages } from './locales/eu/messages.po'
import { messages as glAppMessages } from './locales/gl/messages.po'
import { messages as ptAppMessages } from './locales/pt/messages.po'
import { navigate, usePathname } from './router.ts'
import { matchRoute } from './routes.ts'

const APP_MESSAGES: Record<Language, Messages> = {
  es: esAppMessages,
  en: enAppMessages,
  ca: caAppMessages,
  eu: euAppMessages,
  gl: glAppMessages,
  pt: ptAppMessages,
}

const healthCheckChunk = defineChunk('health-check', () => import('./health/HealthCheck.tsx'))

/**
 * The language asked for with `?lang=ca` (any of the six), else null. The page's `<html lang>` then says it, so that
 * a saved plan opened by its hash speaks it too; without one the page is Spanish, and a saved plan speaks its own
 * (its element says `lang=""`: unknown).
 */
function askedLanguage(): Language | null {
  const tag = new URLSearchParams(location.search).get('lang')
  if (!tag) return null
  const asked = languageOfTag(tag)
  document.documentElement.lang = asked
  return asked
}

/** The widget's catalogue and the app's, in one instance for the app's own screens (once the widget's words are here). */
const appI18n = (language: Language) => (wordsOf(language) ? createI18n(language, APP_MESSAGES[language]) : null)

/**
 * The root view: only a router outlet; each route draws its own screen, in the page's language once its words are
 * here. `rendered`: the server rendered the saved plan's element into the page, outside the app, which then draws none.
 */
export function App({ rendered = false }: { rendered?: boolean }) {
  const [asked] = useState(askedLanguage)
  const language = asked ?? 'es'
  const [i18n, setI18n] = useState(() => appI18n(language))
  useEffect(() => {
    if (i18n) return
    // Words that cannot be fetched leave the page in Spanish, whose words are always here.
    loadWords(language).then(
      () => setI18n(appI18n(language)),
      () => setI18n(appI18n('es')),
    )
  }, [i18n, language])
  return i18n ? <AppIn i18n={i18n} pageLang={asked} rendered={rendered} /> : null
}

function AppIn({ i18n, pageLang, rendered }: { i18n: I18n; pageLang: Language | null; rendered: boolean }) {
  const [notices] = useState(createNoticeChannel)
  const route = matchRoute(usePathname())
  const redirectTo = route.name === 'redirect' ? route.to : null

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true })
  }, [redirectTo])

  const reportFailure = useCallback(
    (error: unknown) => {
      console.error(`[fees-calculator] ${error instanceof Error ? error.message : CHUNK_LOAD_FAILED}`, error)
      showNotice(notices, i18n, { kind: 'chunk_load_failed' })
    },
    [i18n, notices],
  )

  const fees = route.name === 'fees' && !rendered
  return (
    <I18nProvider i18n={i18n}>
      {fees || route.name === 'health-check' ? (
        <main className="app-main">
          {fees
            ? // A new element per hash: a fresh store for each saved plan opened.
              createElement('fees-calculator', {
                key: route.versionHashCode ?? 'input',
                ...(route.versionHashCode ? { 'version-hash-code': route.versionHashCode } : {}),
                ...(pageLang ? {} : { lang: '' }),
              })
            : null}
          {route.name === 'health-check' ? <HealthCheckOutlet onFailure={reportFailure} /> : null}
        </main>
      ) : null}
      <NoticeToaster channel={notices} styleRoot={document} onChunkFailure={reportFailure} />
      <PageTitle healthCheck={route.name === 'health-check'} />
    </I18nProvider>
  )
}

/** The tab's title, in the page's language. */
function PageTitle({ healthCheck }: { healthCheck: boolean }) {
  const { t } = useLingui()
  const title = healthCheck ? t`Health check` : t`Your tuition payment plan`
  useEffect(() => {
    document.title = title
  }, [title])
  return null
}

function HealthCheckOutlet({ onFailure }: { onFailure: (error: unknown) => void }) {
  const chunk = useChunk(healthCheckChunk, onFailure)
  const { request } = chunk
  useEffect(request, [request])
  if (!chunk.module) return null
  const HealthCheck = chunk.module.default
  return <HealthCheck />
}
