import { defineChunk } from '../../lazy/chunk.ts'

/**
 * The save bar (SAVE, the schedule on demand, the enrolment and version), with the rules of SAVE and of what follows
 * the first figures (src/store/saving.ts): the store asks for it once the card has nothing on its way (after the
 * frame that draws the first figures, or at once on an empty card), so that the first render does not carry it.
 * Declared here, not in src/ui/chunks.ts, whose schedule's chunk the bar warms up.
 */
export const saveBarChunk = defineChunk('save-bar', () => import('./SaveBar.tsx'))
