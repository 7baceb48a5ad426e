// The calendar's month and day names, its first day of the week and its words (its buttons' labels) in gl (date-fns): fetched with the calendar, only when it speaks gl.
export { gl as dateLocale } from 'date-fns/locale/gl'
export { messages } from './gl/messages.po'
