// The calendar's month and day names, its first day of the week, its grammar of dates and its words (its buttons' labels) in gl: fetched with the calendar, only when it speaks gl.
import { gl } from 'date-fns/locale/gl'
import { withDateGrammar } from '../date-grammar.ts'

export const dateLocale = withDateGrammar('gl', gl)
export { messages } from './gl/messages.po'
