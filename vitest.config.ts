import { defineConfig, mergeConfig } from 'vitest/config'
import { LongFilesFirst } from './test/support/sequencer.ts'
import viteConfig from './vite.config.ts'

// Four suites: unit tests beside their code (happy-dom), the reference API
// against a real server (node), real-browser tests in Chromium (node driving
// playwright-core against the built bundle and the demo server), and the flows
// every engine must pass, in Chromium, Firefox and WebKit (test/support/engines.ts).
export default defineConfig(async (env) =>
  mergeConfig(await (typeof viteConfig === 'function' ? viteConfig(env) : viteConfig), {
    test: {
      // Vitest's default is one worker less than the cores: one worker on a 2-core machine. The unit and server files
      // are independent (each server on its own port, each store in its own directory), so both cores take files.
      maxWorkers: 2,
      sequence: { sequencer: LongFilesFirst },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['src/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            css: true,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            include: [
              'contract/**/*.test.ts',
              'server/**/*.test.ts',
              'test/package/**/*.test.ts',
              'test/hardening/**/*.test.ts',
            ],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'engines',
            include: ['test/engines/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // Three browsers on a 2-core machine: one file at a time, and after the other suites rather than beside
            // Chromium's, so that no wait of theirs runs short for want of a core.
            fileParallelism: false,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
)
