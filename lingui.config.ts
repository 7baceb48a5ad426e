import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  catalogs: [
    // The widget's words: what the package ships, in every first render.
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.*', '**/src/app/**'],
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
