import { useRef, useState } from 'react'
import { parseAmount } from '../amount.ts'
import { useFormatters } from '../useFormatters.ts'

export interface AmountInputProps {
  value: number | null
  label: string
  /** Called on blur (or Enter) with a changed, valid amount; null when left blank. */
  onCommit(value: number | null): void
  /** The figure the input shows; a data attribute so tests and hosts can find it. */
  figure: string
}

/**
 * An amount shown as currency while at rest and as a bare number while typed
 * in. Typing does not touch the store (no recalculation per keystroke); the
 * amount is committed when the field loses focus, as spec section 4 asks.
 */
export function AmountInput({ value, label, onCommit, figure }: AmountInputProps) {
  const format = useFormatters()
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const cancelled = useRef(false)
  const shown = draft ?? (value === null ? '' : format.money(value))

  const commit = () => {
    if (cancelled.current) {
      cancelled.current = false
      setDraft(null)
      return
    }
    if (draft === null) return
    const parsed = parseAmount(draft)
    setDraft(null)
    if (!parsed.ok) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    if (parsed.value !== value) onCommit(parsed.value)
  }

  return (
    <input
      className="fc-control fc-amount-input"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      data-figure={figure}
      value={shown}
      onFocus={() => setDraft(value === null ? '' : format.editableAmount(value))}
      onChange={(event) => {
        setInvalid(false)
        setDraft(event.target.value)
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
        if (event.key === 'Escape') {
          cancelled.current = true
          event.currentTarget.blur()
        }
      }}
    />
  )
}
