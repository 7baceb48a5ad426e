// The calendar's month and day names and its first day of the week in eu (date-fns): fetched with the calendar, only when it speaks eu.
export { eu as dateLocale } from 'date-fns/locale/eu'
