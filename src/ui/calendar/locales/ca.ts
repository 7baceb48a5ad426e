// The calendar's month and day names, its first day of the week, its grammar of dates and its words (its buttons' labels) in ca: fetched with the calendar, only when it speaks ca.
import { ca } from 'date-fns/locale/ca'
import { withDateGrammar } from '../date-grammar.ts'

export const dateLocale = withDateGrammar('ca', ca)
export { messages } from './ca/messages.po'
