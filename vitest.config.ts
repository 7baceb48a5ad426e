import { defineConfig, mergeConfig } from 'vitest/config'
import { LongFilesFirst } from './test/support/sequencer.ts'
import viteConfig from './vite.config.ts'

// Unit tests beside their code (happy-dom), the reference API against a real
// server (node), and the browser tests: the built bundle through the demo
// server, in the engines each suite names (test/support/harness.ts).
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
            include: ['server/**/*.test.ts', 'test/package/**/*.test.ts', 'test/hardening/**/*.test.ts'],
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
            // A poll waits for a condition in a page as long as the harness's own waits (test/support/drivers.ts).
            expect: { poll: { timeout: 15_000 } },
            // Browsers on a 2-core machine: one file at a time, and after the other suites rather than beside them,
            // so that no wait of theirs runs short for want of a core.
            fileParallelism: false,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
)
