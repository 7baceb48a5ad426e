import { FeesCalculator } from 'fees-calculator'
import { useState } from 'react'
import { currentToken } from './auth.js'

export function App() {
  const [shown, setShown] = useState(true)
  const [token, setToken] = useState(currentToken)
  const [dateOfPayment, setDateOfPayment] = useState('2030-01-05')
  const [received, setReceived] = useState([])
  const tuitionInput = {
    currency: 'EUR',
    dateOfPayment,
    finalAmount: 6000,
    system: 1,
    financialType: 0,
    language: 'en',
    token,
    contractId: 'C-2026-0001',
    studyIdName: 'Degree in Computer Engineering',
  }
  const record = (name) => (detail) =>
    setReceived((list) => [...list, { id: list.length, name, detail: JSON.stringify(detail) }])
  const recordEvent = (event) => record(event.type)(event.detail)

  return (
    <>
      <button id="toggle" type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'} the calculator
      </button>
      <button id="refresh" type="button" onClick={() => setToken(currentToken())}>
        Refresh the token
      </button>
      <button id="bad-date" type="button" onClick={() => setDateOfPayment('not-a-date')}>
        Send a bad date
      </button>
      {/* The portal's step: the form goes on only once a plan is saved, and sends its hash as `plan`. */}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          record('submit')(Object.fromEntries(new FormData(event.currentTarget)))
        }}
      >
        {shown && (
          <fees-calculator
            name="plan"
            required
            tuitionInput={tuitionInput}
            oncalculationResultReceivedEvent={recordEvent}
            oninvalidTuitionEvent={recordEvent}
            onfeeOptionSelectedEvent={recordEvent}
          />
        )}
        <button id="continue" type="submit">
          Continue
        </button>
      </form>
      <section id="component">
        <h2>The React component</h2>
        <FeesCalculator
          tuitionInput={{ ...tuitionInput, finalAmount: 3000 }}
          onFeeOptionSelected={record('component:feeOptionSelected')}
          onCalculationResultReceived={record('component:calculationResultReceived')}
        />
      </section>
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
