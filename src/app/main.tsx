import { createRoot } from 'react-dom/client'
import { defineFeesCalculator } from '../define.ts'
import { NOTICE_STYLES } from '../ui/notices/index.ts'
import { adoptStyles } from '../ui/styles/adopt.ts'
import { App } from './App.tsx'
import appCss from './app.css?inline'

// The single-page app (`/fees`, `/fees/<hash>`, `/health-check`): the same element as the embeds, behind a small router.
defineFeesCalculator()
adoptStyles(document, [appCss, ...NOTICE_STYLES])
createRoot(document.getElementById('app')!).render(<App />)
