// The calendar's month and day names, its first day of the week and its words (its buttons' labels) in en (date-fns): fetched with the calendar, only when it speaks en.
export { enGB as dateLocale } from 'date-fns/locale/en-GB'
export { messages } from './en/messages.po'
