import { defineChunk } from '../lazy.ts'

/** react-datepicker, date-fns and floating-ui: the biggest piece a first render does not need. */
export const calendarChunk = defineChunk('calendar', () => import('./CalendarPicker.tsx'))
