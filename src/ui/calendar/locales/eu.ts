// The calendar's month and day names, its first day of the week and its words (its buttons' labels) in eu (date-fns): fetched with the calendar, only when it speaks eu.
export { eu as dateLocale } from 'date-fns/locale/eu'
export { messages } from './eu/messages.po'
