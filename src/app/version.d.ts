/** The package version, written in by vite.config.ts at build time. */
declare const __FEES_CALCULATOR_VERSION__: string
