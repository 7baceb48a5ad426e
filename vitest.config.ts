import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'
import { LongFilesFirst } from './test/support/sequencer.ts'
import viteConfig from './vite.config.ts'

// Seven projects, each named for what it runs: the widget's unit tests beside
// their code (happy-dom), those of a first load apart; its fuzzing (happy-dom, React's production build); the reference server's tests (its unit tests, the API
// against a real server, its hardening); the built package's artefacts; the
// model-based sequences of the widget's store and element (React's production build); and the browser
// tests, the built bundle through the demo server in the engines each suite
// names (test/support/harness.ts).

/** The widget's unit tests beside their code, in happy-dom. */
const unitTests = {
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'happy-dom',
  css: true,
  // A test's waits (eventually(), 15 s each) decide, not Vitest's 5 s for the whole test: a test that waits for two
  // answers and a language's words took over 5 s on a loaded machine.
  testTimeout: 30_000,
} as const

/**
 * The unit tests that need a module graph of their own: what happens before a lazy chunk (ky's, a language's words)
 * first arrives, and modules replaced with vi.mock. In a graph another file has used, the chunk is there already.
 */
const FIRST_LOAD = [
  'src/api/client.test.ts',
  'src/api/request.test.ts',
  'src/store/first-calculation.test.ts',
  'src/lazy/idle.test.ts',
  'src/ui/CalculatorView.test.tsx',
  'src/ui/FeesCalculator.test.tsx',
  'src/ui/RenderBoundary.test.tsx',
  'src/ui/useChunk.test.tsx',
]

/**
 * React's production build, the one a student's browser runs, for the projects that render the screen thousands of
 * times: the same screen without the development build's checks (it captures a stack for every element it creates),
 * which took half of each answer of the fuzzing and half of the element's model-based sequences. The unit tests keep
 * the development build and its warnings.
 */
const productionReact = { oxc: { jsx: { development: false } }, env: { NODE_ENV: 'production' } } as const

export default defineConfig(async (env) =>
  mergeConfig(await (typeof viteConfig === 'function' ? viteConfig(env) : viteConfig), {
    test: {
      // Vitest's default is one worker less than the cores: one worker on a 2-core machine. The files are
      // independent (each server on its own port, each store in its own directory), so both cores take files.
      maxWorkers: 2,
      sequence: { sequencer: LongFilesFirst },
      // The built server renderer (dist/server.js, which the demo server and the tests run as the package ships it)
      // is run by Node as it is, as the packages are: not compiled again by the widget's plugins (Babel took ~40 s).
      server: { deps: { external: [/\/dist\/server\.js$/] } },
      projects: [
        {
          extends: true,
          test: {
            ...unitTests,
            name: 'unit',
            exclude: [...configDefaults.exclude, 'src/**/*.fuzz.test.{ts,tsx}', ...FIRST_LOAD],
            // One module graph and one happy-dom per worker, not one per file: with unit-first-load, 30-32 CPU-s
            // instead of 58 (measured in /proc/stat). The files that need a graph of their own are there.
            isolate: false,
          },
        },
        { extends: true, test: { ...unitTests, name: 'unit-first-load', include: FIRST_LOAD } },
        {
          extends: true,
          oxc: productionReact.oxc,
          test: {
            name: 'fuzz',
            include: ['src/**/*.fuzz.test.{ts,tsx}'],
            environment: 'happy-dom',
            css: true,
            env: productionReact.env,
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            // One module graph per worker, not one per file: 98-105 CPU-s instead of 114 (the files start their own
            // servers and stores, and put back what they change of process.env).
            isolate: false,
            include: ['contract/**/*.test.ts', 'server/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'package',
            include: ['test/package/**/*.test.ts'],
            environment: 'node',
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          oxc: productionReact.oxc,
          test: {
            name: 'model',
            include: ['test/model/**/*.test.ts'],
            environment: 'node',
            env: productionReact.env,
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            // Node's, closing the engines a worker kept for its suites when it ends.
            environment: './test/support/browser-environment.ts',
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // A poll waits for a condition in a page as long as the harness's own waits (test/support/drivers.ts).
            expect: { poll: { timeout: 15_000 } },
            // The drivers, the harness and the reference server are imported once per worker, not once per file (a
            // quarter of these files' CPU time), and the engines launched for one suite serve the next suites of the
            // worker (test/support/engine-pool.ts): each suite starts its own servers, each test opens its own pages,
            // and nothing else in those modules keeps state a suite could leave to the next.
            isolate: false,
            // After the other projects rather than beside them: those keep both cores busy, and a browser's waits are
            // for conditions that a starved core would only slow. Two browser files at a time, each with its own
            // servers and its worker's engines: the browser files keep both cores busy (measured in /proc/stat, which
            // counts the browsers' processes: 1 182 CPU-seconds in a run of 629 s), and four at a time took as long.
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
)
