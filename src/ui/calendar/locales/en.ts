// The calendar's month and day names and its first day of the week in en (date-fns): fetched with the calendar, only when it speaks en.
export { enGB as dateLocale } from 'date-fns/locale/en-GB'
