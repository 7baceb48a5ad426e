import { defineFeesCalculator } from 'fees-calculator'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.jsx'

// For the <fees-calculator> element beside the component: React 19 then sets its properties.
defineFeesCalculator()
createRoot(document.getElementById('app')).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
