import { msg } from '@lingui/core/macro'
import type { Locale } from 'date-fns'
import {
  type ComponentProps,
  type HTMLAttributes,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import DatePicker from 'react-datepicker'
import datepickerCss from 'react-datepicker/dist/react-datepicker.css?inline'
import { isoDateOfLocal, localDateOf, localToday } from '../../domain/dates.ts'
import type { Language } from '../../domain/language.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { useLanguagePiece } from '../useChunk.ts'
import calendarThemeCss from './calendar-theme.css?inline'
import { DateButton } from './DateButton.tsx'
import { calendarWordsOf, dateLocaleOf, loadDateLocale, weekStartOf } from './date-locales.ts'
import { focusCurrentDay, followKeyboardDay, returnFocus } from './focus.ts'
import { keepInViewport } from './keep-in-viewport.ts'
import { NativeDateInput } from './NativeDateInput.tsx'
import { remToPx } from './rem-to-px.ts'

/** The popup renders into this node of the element's own shadow root. */
export const CALENDAR_PORTAL_ID = 'fc-calendar-portal'
/** react-datepicker's CSS in px (its rem would follow the page), then our theme over it. */
const CALENDAR_STYLES = [remToPx(datepickerCss), calendarThemeCss]

type Modifiers = ComponentProps<typeof DatePicker>['popperModifiers']

export interface CalendarPickerProps {
  id: string
  labelledBy: string
  /** `YYYY-MM-DD` */
  selected: string
  language: Language
  /** The date as the button shows it. */
  display: string
  /** The shadow root to render the popup and its styles into; null in a plain page. */
  shadowRoot: ShadowRoot | null
  /** Open at once: the user clicked the stand-in before the chunk arrived. */
  startOpen: boolean
  /** Take the focus: the stand-in had it. */
  autoFocus: boolean
  /**
   * A save is pending or under way: the calendar cannot open until it answers, and its button says so. The button
   * stays the same element meanwhile, so a keyboard user on it keeps their place.
   */
  frozen: boolean
  /** A date was chosen (on select, or pending when the user clicked outside). */
  onCommit(isoDate: string): void
  /** The language's month and day names could not be fetched (the browser's own date input stands in). */
  onLocaleFailure(error: unknown): void
}

/** The calendar's locale for a language: at once when on hand, else once fetched; `failed` if it could not be. */
function useDateLocale(language: Language, onFailure: (error: unknown) => void) {
  const locale = dateLocaleOf(language)
  return { locale, failed: useLanguagePiece(language, locale !== undefined, loadDateLocale, onFailure) }
}

/**
 * The react-datepicker calendar: the lazy chunk behind the first payment date. It speaks the card's language once
 * that language's month and day names are here (the same-looking button stands in for the moment they take).
 */
export default function CalendarPicker(props: CalendarPickerProps) {
  const { locale, failed } = useDateLocale(props.language, props.onLocaleFailure)
  // No day before today in the student's own calendar can be chosen.
  const minDate = localToday()
  // Pressed while the month names were on their way: the calendar opens, with the focus, when they arrive.
  const [pressed, setPressed] = useState(false)
  if (locale)
    return (
      <Calendar
        {...props}
        minDate={minDate}
        locale={locale}
        startOpen={props.startOpen || pressed}
        autoFocus={props.autoFocus || pressed}
      />
    )
  if (failed && props.frozen)
    return <DateButton id={props.id} display={props.display} aria-disabled aria-labelledby={props.labelledBy} />
  if (failed)
    return (
      <NativeDateInput
        labelledBy={props.labelledBy.split(' ')[0] ?? ''}
        min={minDate}
        value={props.selected}
        onCommit={props.onCommit}
      />
    )
  return (
    <DateButton
      id={props.id}
      display={props.display}
      aria-labelledby={props.labelledBy}
      aria-disabled={props.frozen || undefined}
      onClick={props.frozen ? undefined : () => setPressed(true)}
    />
  )
}

function Calendar(props: CalendarPickerProps & { minDate: string; locale: Locale }) {
  const words = calendarWordsOf(props.language)
  const pending = useRef<string | null>(null)
  /** Ends the watch of returnFocus: the calendar opened again, or the picker went. */
  const stopFocusWatch = useRef<() => void>(() => {})
  useEffect(() => () => stopFocusWatch.current(), [])
  const { shadowRoot, onCommit, language } = props
  const [open, setOpen] = useState(props.startOpen)

  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, CALENDAR_STYLES)
  }, [shadowRoot])
  // In a plain page react-datepicker moves the focus between days itself.
  useEffect(() => (shadowRoot ? followKeyboardDay(shadowRoot) : undefined), [shadowRoot])

  const dialogLabel = words._(msg`Choose the first payment date`)
  // react-datepicker labels its dialog in English; ours speaks the widget's language. The popup renders
  // outside the widget's lang attribute (in the portal), so it carries its own.
  const Container = useCallback(
    ({ className, children }: HTMLAttributes<HTMLDivElement>) => (
      <div
        className={className}
        role="dialog"
        aria-modal="true"
        aria-label={dialogLabel}
        lang={language}
        translate="no"
      >
        {children}
      </div>
    ),
    [dialogLabel, language],
  )

  const commitPending = () => {
    if (pending.current && pending.current !== props.selected) onCommit(pending.current)
    pending.current = null
  }

  return (
    <DatePicker
      id={props.id}
      ariaLabelledBy={props.labelledBy}
      selected={localDateOf(props.selected)}
      minDate={localDateOf(props.minDate)}
      locale={props.locale}
      calendarStartDay={weekStartOf(props.locale)}
      dateFormat="dd / MM / yyyy"
      popperPlacement="bottom-start"
      popperModifiers={[keepInViewport] as unknown as Modifiers}
      showPopperArrow={false}
      portalId={CALENDAR_PORTAL_ID}
      {...(shadowRoot ? { portalHost: shadowRoot } : {})}
      startOpen={props.startOpen}
      autoFocus={props.autoFocus}
      readOnly={props.frozen}
      preventOpenOnFocus
      chooseDayAriaLabelPrefix={words._(msg`Choose`)}
      disabledDayAriaLabelPrefix={words._(msg`Not available`)}
      previousMonthAriaLabel={words._(msg`Previous month`)}
      nextMonthAriaLabel={words._(msg`Next month`)}
      previousMonthButtonLabel={words._(msg`Previous month`)}
      nextMonthButtonLabel={words._(msg`Next month`)}
      // The grid of days is named as its caption ("2026ko abendua", "novembre de 2026"): no prefix before it.
      monthAriaLabelPrefix=""
      weekAriaLabelPrefix={words._(msg`Week`)}
      onChange={(date: Date | null) => {
        if (date) pending.current = isoDateOfLocal(date)
      }}
      onSelect={(date: Date | null) => {
        if (!date) return
        pending.current = null
        onCommit(isoDateOfLocal(date))
      }}
      onClickOutside={commitPending}
      onCalendarOpen={() => {
        setOpen(true)
        stopFocusWatch.current()
        // The dialog takes the focus, on the chosen day: from there the arrow keys, Enter and Escape work.
        focusCurrentDay(shadowRoot ?? document)
      }}
      onCalendarClose={() => {
        setOpen(false)
        commitPending()
        stopFocusWatch.current = returnFocus(shadowRoot ?? document, props.id)
      }}
      calendarContainer={Container}
      customInput={
        <DateButton display={props.display} aria-expanded={open} aria-disabled={props.frozen || undefined} />
      }
    />
  )
}
