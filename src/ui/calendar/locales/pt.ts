// The calendar's month and day names, its first day of the week and its words (its buttons' labels) in pt (date-fns): fetched with the calendar, only when it speaks pt.
export { pt as dateLocale } from 'date-fns/locale/pt'
export { messages } from './pt/messages.po'
