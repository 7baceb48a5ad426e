// The calendar's month and day names and its first day of the week in gl (date-fns): fetched with the calendar, only when it speaks gl.
export { gl as dateLocale } from 'date-fns/locale/gl'
