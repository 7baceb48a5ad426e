// The calendar's month and day names, its first day of the week and its words (its buttons' labels) in ca (date-fns): fetched with the calendar, only when it speaks ca.
export { ca as dateLocale } from 'date-fns/locale/ca'
export { messages } from './ca/messages.po'
