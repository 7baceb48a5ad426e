'use client'

import { FeesCalculator } from 'fees-calculator'
import { useEffect, useState } from 'react'

export function Calculator({ language }) {
  // The token is the browser's (the portal's sign-in), so the server renders no input and the client sets it.
  const [token, setToken] = useState(null)
  const [received, setReceived] = useState([])
  useEffect(() => setToken(window.exampleAuth?.token ?? ''), [])
  const record = (name) => (detail) =>
    setReceived((list) => [...list, { id: list.length, name, detail: JSON.stringify(detail) }])

  return (
    <>
      <FeesCalculator
        tuitionInput={
          token === null
            ? null
            : {
                currency: 'EUR',
                dateOfPayment: '2030-01-05',
                finalAmount: 6000,
                system: 1,
                financialType: 0,
                language,
                token,
                contractId: 'C-2026-0001',
                studyIdName: 'Degree in Computer Engineering',
              }
        }
        onCalculationResultReceived={record('calculationResultReceivedEvent')}
        onFeeOptionSelected={record('feeOptionSelectedEvent')}
      />
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
