import { defineChunk } from '../lazy/chunk.ts'

/**
 * The element as a form control (form.ts): its value and validity kept with the store, reset, disabled and a
 * restored state. Loaded for an element in a form or given name or required, or at the form's first callback.
 */
export const formChunk = defineChunk('form', () => import('./form.ts'))

/**
 * Taking over a card the server rendered into the element's shadow root (hydrate.tsx): only a page with such a card
 * fetches it.
 */
export const hydrateChunk = defineChunk('hydrate', () => import('./hydrate.tsx'))
