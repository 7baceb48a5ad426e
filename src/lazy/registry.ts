import { defineChunk } from './chunk.ts'

/**
 * Every lazy chunk of the widget, declared here and only here, the same way:
 * a name (the one a failure is reported with) and the module it loads. Each
 * is loaded once per page and shared by every instance; a failure goes to the
 * store, which reports it once (console and toast).
 *
 * (The demo app's own health-check chunk is declared beside the app, in
 * src/app/App.tsx, so the package's build never sees it.)
 */

/**
 * The API client: ky (≈4 KB gzip) and the calls. The first figures do not
 * need it: until it has arrived a calculation goes with the browser's own
 * fetch and is read by the response boundary alone (responsesChunk). It is
 * preloaded when the browser is idle after the first figures, or loaded by
 * the first call that needs it (a save, a version by hash).
 */
export const httpChunk = defineChunk('http', () => import('../api/client.ts'))

/** The response boundary: what every answer is read through, the first calculation's included. */
export const responsesChunk = defineChunk('responses', () => import('../api/responses.ts'))

/** react-datepicker, date-fns and floating-ui: the biggest piece a first render does not need. */
export const calendarChunk = defineChunk('calendar', () => import('../ui/calendar/CalendarPicker.tsx'))

/** The amortization schedule: only shown after a save or on demand. */
export const scheduleChunk = defineChunk('schedule', () => import('../ui/schedule/Schedule.tsx'))

/**
 * sonner and its CSS (≈10 KB gzip): no first render needs them, so they load
 * when the browser is idle once no calculation is on its way (after the
 * first figures), or at once when a notice comes first.
 */
export const toasterChunk = defineChunk('toaster', () => import('../ui/notices/Toasts.tsx'))

/** The PDF maker (jsPDF): only when the student asks for the plan as a PDF (or hovers that button). */
export const pdfChunk = defineChunk('pdf', () => import('../ui/keep/pdf.ts'))
