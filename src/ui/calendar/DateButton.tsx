import type { FocusEventHandler, KeyboardEventHandler, MouseEventHandler, PointerEventHandler, Ref } from 'react'

export interface DateButtonProps {
  /** What the button shows: the chosen date, or a placeholder. */
  display: string
  placeholder?: boolean
  id?: string
  disabled?: boolean
  /** A save is pending or under way: the date cannot change, and the button says so while keeping its place in the tab order. */
  'aria-disabled'?: boolean
  autoFocus?: boolean
  'aria-labelledby'?: string
  /** Whether the calendar it opens is open (only once the calendar has loaded). */
  'aria-expanded'?: boolean
  ref?: Ref<HTMLButtonElement>
  onClick?: MouseEventHandler<HTMLButtonElement>
  onFocus?: FocusEventHandler<HTMLButtonElement>
  onBlur?: FocusEventHandler<HTMLButtonElement>
  onKeyDown?: KeyboardEventHandler<HTMLButtonElement>
  onPointerEnter?: PointerEventHandler<HTMLButtonElement>
  onPointerDown?: PointerEventHandler<HTMLButtonElement>
  onPointerLeave?: PointerEventHandler<HTMLButtonElement>
  onPointerCancel?: PointerEventHandler<HTMLButtonElement>
  /** react-datepicker adds its own classes to a custom input: kept beside ours. */
  className?: string
  /** react-datepicker hands its own formatted value and change handler to a custom input: ours ignores them. */
  value?: string
  onChange?: unknown
  /** …and `readOnly` while the calendar may not open: a button has no such state; `aria-disabled` says it. */
  readOnly?: boolean
}

/**
 * The first payment date as a button that opens the calendar. The same button
 * is the stand-in while the calendar's chunk loads and the calendar's own
 * input once it has, so the swap cannot be seen.
 */
export function DateButton({
  display,
  placeholder = false,
  ref,
  className,
  value: _value,
  onChange: _onChange,
  readOnly: _readOnly,
  ...rest
}: DateButtonProps) {
  return (
    <button
      type="button"
      className={className ? `fc-control fc-date-button ${className}` : 'fc-control fc-date-button'}
      part="date"
      aria-haspopup="dialog"
      ref={ref}
      {...rest}
    >
      <span className={placeholder ? 'fc-placeholder' : undefined}>{display}</span>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
        <path d="M3.5 10h17M8 3v4M16 3v4" />
      </svg>
    </button>
  )
}
