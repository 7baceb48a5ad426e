// The calendar's month and day names and its first day of the week in ca (date-fns): fetched with the calendar, only when it speaks ca.
export { ca as dateLocale } from 'date-fns/locale/ca'
