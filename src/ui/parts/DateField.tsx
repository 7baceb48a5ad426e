import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { selectEditable, selectSaveBusy } from '../../store/calculator-store.ts'
import { DateButton } from '../calendar/DateButton.tsx'
import { NativeDateInput } from '../calendar/NativeDateInput.tsx'
import { calendarChunk, datesChunk } from '../chunks.ts'
import { useActions, useCalculator, useCalculatorContext, useLanguage } from '../context.ts'
import { useChunk } from '../useChunk.ts'
import { useFormatters } from '../useFormatters.ts'

/**
 * The first payment date: a calendar when the plan is editable, the date as
 * `DD / MM / YYYY` text when not (Basque: year first), a disabled field before data arrives, and
 * a button that cannot open while a save is pending or under way.
 */
export function DateField() {
  const { t } = useLingui()
  const labelId = useId()
  const buttonId = `${labelId}date`
  // The button's name is the label and what it shows (WCAG 2.5.3, Label in Name): "First payment date dd / mm / yyyy".
  const labelledBy = `${labelId} ${buttonId}`
  const date = useCalculator((s) => s.choice?.firstPaymentDate ?? null)
  const hasResult = useCalculator((s) => s.result !== null)
  const editable = useCalculator(selectEditable)
  const frozen = useCalculator(selectSaveBusy)
  const { field } = useFormatters()
  const label = t`First payment date`

  let control: ReactNode
  if (!hasResult || !date) {
    control = <DateButton id={buttonId} display={t`dd / mm / yyyy`} placeholder disabled aria-labelledby={labelledBy} />
  } else if (editable) {
    control = <EditableDate labelId={labelId} date={date} frozen={frozen} />
  } else {
    control = (
      <p className="fc-readonly" part="date">
        {field(date)}
      </p>
    )
  }
  return (
    <div className="fc-field">
      <span className="fc-label" id={labelId}>
        {label}
      </span>
      {control}
    </div>
  )
}

/**
 * The calendar, whose chunk loads when the browser is idle or on the first
 * focus, hover or click. Until then the same-looking button stands in; if the
 * chunk cannot load, the browser's own date input does the job. While a save
 * is pending or under way (`frozen`) the calendar stays shut: the button says
 * so, and it is the same button before, during and after, so a keyboard user
 * on it keeps their place when the save answers and nothing is drawn anew.
 */
function EditableDate({ labelId, date, frozen }: { labelId: string; date: string; frozen: boolean }) {
  const buttonId = `${labelId}date`
  const { shadowRoot, reportChunkFailure } = useCalculatorContext()
  const { chooseDate } = useActions()
  const language = useLanguage()
  const { field } = useFormatters()
  const calendar = useChunk(calendarChunk, reportChunkFailure, { preload: true })
  const focused = useRef(false)
  /**
   * The stand-in is pressed: if the calendar arrives before the release, the
   * release lands on the calendar's own button and the browser sends the click
   * to neither, so the calendar opens on arrival instead.
   */
  const pressed = useRef(false)
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false)
  const labelledBy = `${labelId} ${buttonId}`

  const focus = {
    onFocus: () => {
      focused.current = true
      calendar.request()
    },
    onBlur: () => {
      focused.current = false
    },
  }

  useEffect(() => {
    // A press on the stand-in before SAVE does not open the calendar once the save has answered.
    if (!frozen) return
    pressed.current = false
    setOpenWhenLoaded(false)
  }, [frozen])

  if (calendar.module) {
    const CalendarPicker = calendar.module.default
    // Clicked, or still pressed, before the calendar arrived: it opens with the focus in it.
    const opening = openWhenLoaded || pressed.current
    return (
      <CalendarPicker
        id={buttonId}
        labelledBy={labelledBy}
        selected={date}
        language={language}
        display={field(date)}
        shadowRoot={shadowRoot}
        startOpen={opening}
        autoFocus={focused.current || opening}
        frozen={frozen}
        onCommit={chooseDate}
        onLocaleFailure={reportChunkFailure}
      />
    )
  }
  if (frozen) {
    return <DateButton id={buttonId} display={field(date)} aria-disabled aria-labelledby={labelledBy} {...focus} />
  }
  if (calendar.failed) {
    return <FallbackDate labelId={labelId} date={date} onCommit={chooseDate} />
  }
  return (
    <DateButton
      id={buttonId}
      display={field(date)}
      aria-labelledby={labelledBy}
      onPointerEnter={calendar.request}
      {...focus}
      onPointerDown={(event) => {
        if (event.button === 0) pressed.current = true
      }}
      onPointerLeave={() => {
        pressed.current = false
      }}
      onPointerCancel={() => {
        pressed.current = false
      }}
      onClick={() => {
        setOpenWhenLoaded(true)
        calendar.request()
      }}
    />
  )
}

/** Its failure was said with the calendar's: the field works without an earliest day. */
const unreported = () => {}

/**
 * The browser's own date input, for a calendar that could not load: its earliest day is today by the date rules,
 * once they are here (with the calendar's file failed, they may still come).
 */
function FallbackDate({ labelId, date, onCommit }: { labelId: string; date: string; onCommit(date: string): void }) {
  const dates = useChunk(datesChunk, unreported, { preload: true })
  return <NativeDateInput labelledBy={labelId} min={dates.module?.localToday()} value={date} onCommit={onCommit} />
}
