import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en', 'ca', 'eu', 'gl', 'pt'],
  catalogs: [
    // The widget's words: what the package ships, in every first render.
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/*.test.*',
        '**/src/app/**',
        '**/src/ui/keep/texts.ts',
        '**/src/ui/schedule/Schedule.tsx',
        '**/src/ui/compare/**',
      ],
    },
    // The kept plan's words (the schedule, the PDF and the calendar file) and the comparison's: they load with the
    // schedule, not with the first figures.
    {
      path: '<rootDir>/src/ui/keep/locales/{locale}/messages',
      include: ['src/ui/keep/texts.ts', 'src/ui/schedule/Schedule.tsx', 'src/ui/compare'],
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
