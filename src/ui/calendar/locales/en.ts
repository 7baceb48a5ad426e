// The calendar's month and day names, its first day of the week, its grammar of dates and its words (its buttons' labels) in en: fetched with the calendar, only when it speaks en.
import { enGB } from 'date-fns/locale/en-GB'
import { withDateGrammar } from '../date-grammar.ts'

export const dateLocale = withDateGrammar('en', enGB)
export { messages } from './en/messages.po'
