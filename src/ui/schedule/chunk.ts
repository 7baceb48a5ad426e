import { defineChunk } from '../lazy.ts'

/** Only shown after a save or on demand: no first render needs it. */
export const scheduleChunk = defineChunk('schedule', () => import('./Schedule.tsx'))
