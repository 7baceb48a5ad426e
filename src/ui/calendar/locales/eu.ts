// The calendar's month and day names, its first day of the week, its grammar of dates and its words (its buttons' labels) in eu: fetched with the calendar, only when it speaks eu.
import { eu } from 'date-fns/locale/eu'
import { withDateGrammar } from '../date-grammar.ts'

export const dateLocale = withDateGrammar('eu', eu)
export { messages } from './eu/messages.po'
