import { createRoot } from 'react-dom/client'
import { defineFeesCalculator } from '../define.ts'
import { NOTICE_STYLES } from '../ui/notices/index.ts'
import { adoptStyles } from '../ui/styles/adopt.ts'
import { App } from './App.tsx'
// A stylesheet the page links (the build writes it in): a page with a card rendered on the server is laid out from its
// first paint, before any script has run.
import './app.css'

// The single-page app (`/fees`, `/fees/<hash>`, `/health-check`): the same element as the embeds, behind a small router.
// A saved plan the server rendered into the page (`/fees/<hash>`) is left where it is: the element takes it over.
const rendered = document.querySelector('body > main > fees-calculator')
defineFeesCalculator()
adoptStyles(document, NOTICE_STYLES)
createRoot(document.getElementById('app')!).render(<App rendered={rendered !== null} />)
