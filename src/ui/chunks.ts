import { defineChunk } from '../lazy/chunk.ts'

/**
 * The screen's lazy chunks: what a first render does not need. Each is
 * loaded once per page and shared by every instance; a failure goes to the
 * store, which reports it once (console and toast).
 *
 * The entry vouches for what a card may need before its first figures (src/lazy/chunk.ts); the save bar's chunk
 * (src/ui/parts/save-bar-chunk.ts), which comes right after them, for what only comes later (the calendar, its date rules, the schedule, the toaster and
 * the failure sentences): their hashes are not on the path to the first figures.
 *
 * (The demo app's own health-check chunk is declared beside the app, in src/app/App.tsx, so the package's build never
 * sees it.)
 */

/** react-datepicker, date-fns and floating-ui: the biggest piece a first render does not need. */
export const calendarChunk = defineChunk('calendar', () => import('./calendar/CalendarPicker.tsx'), 'save-bar')

/**
 * dayjs and the calendar's date rules (≈3 KB gzip): the calendar and the downloads bring them; the browser's own
 * date input, standing in for a calendar that could not load, asks for them alone for its earliest day.
 */
export const datesChunk = defineChunk('dates', () => import('../domain/dates.ts'), 'save-bar')

/** The amortization schedule: only shown after a save or on demand. */
export const scheduleChunk = defineChunk('schedule', () => import('./schedule/Schedule.tsx'), 'save-bar')

/**
 * sonner and its CSS (≈10 KB gzip): no first render needs them, so they load
 * when the browser is idle once no calculation is on its way (after the
 * first figures), or at once when a notice comes first (after the save bar's
 * chunk, which vouches for them, is here).
 */
export const toasterChunk = defineChunk('toaster', () => import('./notices/Toasts.tsx'), 'save-bar')

/**
 * What a failure says beyond its title when only a server's answer or a SAVE brings it (src/ui/failure-words.ts):
 * preloaded when the browser is idle after the first figures, or fetched by the failure that needs it first (after the
 * save bar's chunk, which vouches for it).
 */
export const failureSentencesChunk = defineChunk(
  'failure-sentences',
  () => import('./failure-sentences/sentences.ts'),
  'save-bar',
)

/**
 * The check of a university's own words (the `messages` property): only a page that sets them fetches it, and its
 * card waits for it before its first render, so that it never shows the widget's words first and then the page's.
 */
export const messagesCheckChunk = defineChunk('messages-check', () => import('./messages-check.ts'))
