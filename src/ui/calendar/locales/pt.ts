// The calendar's month and day names, its first day of the week, its grammar of dates and its words (its buttons' labels) in pt: fetched with the calendar, only when it speaks pt.
import { pt } from 'date-fns/locale/pt'
import { withDateGrammar } from '../date-grammar.ts'

export const dateLocale = withDateGrammar('pt', pt)
export { messages } from './pt/messages.po'
