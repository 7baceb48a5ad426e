// The calendar's month and day names and its first day of the week in pt (date-fns): fetched with the calendar, only when it speaks pt.
export { pt as dateLocale } from 'date-fns/locale/pt'
