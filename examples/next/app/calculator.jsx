'use client'

import { defineFeesCalculator } from 'fees-calculator'
import { useEffect, useRef, useState } from 'react'
import { tuitionInput } from './tuition.js'

const EVENTS = ['calculationResultReceivedEvent', 'invalidTuitionEvent', 'feeOptionSelectedEvent']

export function Calculator({ html, language }) {
  const box = useRef(null)
  const [received, setReceived] = useState([])
  useEffect(() => {
    const element = box.current.querySelector('fees-calculator')
    const record = (event) =>
      setReceived((list) => [...list, { id: list.length, name: event.type, detail: JSON.stringify(event.detail) }])
    for (const name of EVENTS) element.addEventListener(name, record)
    // The token is the browser's (the portal's sign-in): given with the input the server rendered, it changes nothing
    // on screen and sends nothing. Then the tag is defined, and the element takes the server's card over.
    element.tuitionInput = { ...tuitionInput(language), token: window.exampleAuth?.token ?? '' }
    defineFeesCalculator()
    return () => {
      for (const name of EVENTS) element.removeEventListener(name, record)
    }
  }, [language])

  return (
    <>
      {/* The server's HTML, once: React keeps it as it is (the browser made the element's shadow root from it). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: fees-calculator/server's HTML, every value in it escaped. */}
      <div ref={box} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
      <ol id="log">
        {received.map((entry) => (
          <li key={entry.id} data-event={entry.name}>
            {entry.detail}
          </li>
        ))}
      </ol>
    </>
  )
}
