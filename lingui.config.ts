import { LANGUAGES } from '@fees-calculator/contract'
import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LANGUAGES],
  catalogs: [
    // The widget's words: what the package ships, in every first render.
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/*.test.*',
        '**/src/app/**',
        '**/src/ui/downloads/texts.ts',
        '**/src/ui/downloads/schedule-texts.ts',
        '**/src/ui/schedule/Schedule.tsx',
        '**/src/ui/compare/**',
        '**/src/ui/before-and-now/**',
        '**/src/ui/downloads/SendToPayer.tsx',
        '**/src/ui/downloads/credit/**',
        '**/src/ui/calendar/CalendarPicker.tsx',
        '**/src/ui/notices/Toasts.tsx',
        '**/src/ui/failure-sentences/**',
      ],
    },
    // What a failure says beyond its title when only a server's answer or a SAVE brings it: in its own chunk, with
    // Spanish's (src/ui/failure-sentences/sentences.ts), or a chunk a language; preloaded after the first figures.
    {
      path: '<rootDir>/src/ui/failure-sentences/locales/{locale}/messages',
      include: ['src/ui/failure-sentences'],
      exclude: ['**/*.test.*'],
    },
    // The toaster's two labels: every language's in its own chunk (src/ui/notices/Toasts.tsx).
    {
      path: '<rootDir>/src/ui/notices/locales/{locale}/messages',
      include: ['src/ui/notices/Toasts.tsx'],
      exclude: ['**/*.test.*'],
    },
    // The calendar's: with its locale, in the calendar's chunk (Spanish) or a chunk a language (date-locales.ts).
    {
      path: '<rootDir>/src/ui/calendar/locales/{locale}/messages',
      include: ['src/ui/calendar/CalendarPicker.tsx'],
      exclude: ['**/*.test.*'],
    },
    // The downloads' words (the schedule, the PDF and the calendar file, sending the plan to whoever pays), the
    // comparison's and before and now's: they load with the schedule, not with the first figures.
    {
      path: '<rootDir>/src/ui/downloads/locales/{locale}/messages',
      include: [
        'src/ui/downloads/texts.ts',
        'src/ui/downloads/schedule-texts.ts',
        'src/ui/schedule/Schedule.tsx',
        'src/ui/compare',
        'src/ui/before-and-now',
        'src/ui/downloads/SendToPayer.tsx',
      ],
      exclude: ['**/*.test.*'],
    },
    // The credit information form's: in the PDF maker's chunk (Spanish) or a chunk a language, made on request.
    {
      path: '<rootDir>/src/ui/downloads/credit/locales/{locale}/messages',
      include: ['src/ui/downloads/credit/texts.ts', 'src/ui/downloads/schedule-texts.ts'],
      exclude: ['**/*.test.*'],
    },
    // The single-page app's own (its header, the health check): they stay out of the package.
    {
      path: '<rootDir>/src/app/locales/{locale}/messages',
      include: ['src/app'],
      exclude: ['**/*.test.*'],
    },
  ],
  orderBy: 'message',
})
