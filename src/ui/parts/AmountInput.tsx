import { useLingui } from '@lingui/react/macro'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { selectSaveBusy } from '../../store/calculator-store.ts'
import { parseAmount } from '../amount.ts'
import { useActions, useCalculator } from '../context.ts'
import { amountRefusalWords, useFailureSentences } from '../failure-words.ts'
import { useFormatters } from '../useFormatters.ts'

export interface AmountInputProps {
  value: number | null
  label: string
  /** Called on blur (or Enter) with a changed, valid amount; null when left blank. */
  onCommit(value: number | null): void
  /** The figure the input shows; a data attribute so tests and hosts can find it. */
  figure: 'initialAmount' | 'partialPayment'
}

/**
 * An amount shown as currency while at rest and as a bare number while typed
 * in. Typing does not touch the store (no recalculation per keystroke); the
 * amount is committed when the field loses focus (an edit recalculates once, on blur), or
 * on Enter. Enter and Escape keep the focus in the field: blurring it would
 * leave a keyboard user on the page's body. Focusing selects the whole amount,
 * as a tab into a text field does, so typing replaces it: the switch from
 * currency to bare number would otherwise drop the browser's selection and
 * the typed figures would be appended.
 */
export function AmountInput({ value, label, onCommit, figure }: AmountInputProps) {
  const { t, i18n } = useLingui()
  const errorId = useId()
  // A save is pending or under way: the amount cannot change until it answers. Read here, not passed down, so that
  // a save re-renders the field alone, not the summary around it.
  const frozen = useCalculator(selectSaveBusy)
  // The API refused what was typed here: the field keeps it and says why until it is fixed or Escape.
  const refusal = useCalculator((s) => (s.amountRefusal?.field === figure ? s.amountRefusal : null))
  const { dismissAmountRefusal } = useActions()
  // What the API's code says is fetched with the failure sentences (preloaded after the first figures).
  const fetched = useFailureSentences(refusal !== null && refusal.code !== 'validation_failed')
  const format = useFormatters()
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const selectAll = useRef(false)
  // The mouseup of the click that focused the field would put a caret where it was released, undoing the
  // select-all (WebKit does): the first mouseup after the focus, before any key, keeps the selection.
  const fresh = useRef(false)
  const editable = (amount: number | null) => (amount === null ? '' : format.editableAmount(amount))
  const shown = draft ?? (refusal ? editable(refusal.value) : value === null ? '' : format.money(value))
  const message = invalid
    ? t`Enter an amount in figures, such as 6000 or 6000.50`
    : refusal
      ? amountRefusalWords(refusal, i18n, fetched)
      : null

  useLayoutEffect(() => {
    if (!selectAll.current) return
    selectAll.current = false
    input.current?.select()
  })

  /** Commits the draft; `stay` keeps the field in editing form (Enter), else it goes back to currency (blur). */
  const commit = (stay: boolean) => {
    if (draft === null) return
    const parsed = parseAmount(draft)
    if (!parsed.ok) {
      setInvalid(true)
      // Enter leaves the refused text there to correct; a blur shows the amount in force again.
      if (!stay) setDraft(null)
      return
    }
    setInvalid(false)
    setDraft(stay ? editable(parsed.value) : null)
    if (parsed.value !== value || refusal) onCommit(parsed.value)
  }

  return (
    <>
      <input
        ref={input}
        className="fc-control fc-amount-input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={message || refusal ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        data-figure={figure}
        readOnly={frozen}
        aria-disabled={frozen || undefined}
        value={shown}
        onMouseUp={(event) => {
          if (fresh.current) event.preventDefault()
          fresh.current = false
        }}
        onFocus={() => {
          selectAll.current = fresh.current = true
          setDraft(editable(refusal ? refusal.value : value))
        }}
        onChange={(event) => {
          setInvalid(false)
          setDraft(event.target.value)
        }}
        onBlur={() => commit(false)}
        onKeyDown={(event) => {
          fresh.current = false
          if (event.key === 'Enter') commit(true)
          if (event.key === 'Escape') {
            setInvalid(false)
            dismissAmountRefusal()
            setDraft(editable(value))
          }
        }}
      />
      {/* WCAG 3.3.1: a refused entry is said in words, not only marked invalid. */}
      {message ? (
        <span className="fc-field-error" id={errorId} role="alert">
          {message}
        </span>
      ) : null}
    </>
  )
}
