import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, started } from '../support/harness.ts'

const version = (name: string) =>
  (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version
const run = (cwd: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd, stdio: 'pipe', encoding: 'utf8' })

const INPUT = (token: string) =>
  tuitionInput({ system: 1, dateOfPayment: '2030-01-05', token, contractId: 'C-PACK', studyIdName: 'Packed Degree' })

/** A React host in TypeScript, as its authors would write it; type-checked, never run. */
const HOST_TSX = `import { defineFeesCalculator, type FeeOptionSelectedDetail, type TuitionInput } from 'fees-calculator'

defineFeesCalculator()
const input: TuitionInput = { currency: 'EUR', dateOfPayment: '2030-01-05', finalAmount: 6000, system: 1, financialType: 0, language: 'en' }

export function Host() {
  return (
    <>
      <fees-calculator tuition-input={JSON.stringify(input)} show-header="false" api-base="/api/v1" />
      <fees-calculator tuitionInput={input} showFooter={false} />
      {/* @ts-expect-error show-header is a boolean or "true" / "false" */}
      <fees-calculator show-header={42} />
      {/* @ts-expect-error tuitionInput is a tuition input */}
      <fees-calculator tuitionInput={42} />
    </>
  )
}

const element = document.querySelector('fees-calculator')
if (element) element.tuitionInput = input
element?.addEventListener('calculationResultReceivedEvent', (event) => event.detail.feeAmount.toFixed(2))
element?.addEventListener('feeOptionSelectedEvent', (event) => {
  const detail: FeeOptionSelectedDetail = event.detail
  return 'fees' in detail ? detail.fees[0]?.dueDate : detail.status
})
// @ts-expect-error the detail is typed: it has no such field
element?.addEventListener('invalidTuitionEvent', (event) => event.detail.nonsense)
`
const HOST_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    lib: ['ES2022', 'DOM'],
    types: [],
  },
  files: ['src/host.tsx'],
}

describeEngines('the packed npm package', ['chromium'], (suite) => {
  /** The host app made below, in a temporary folder of its own. */
  let app: string

  /**
   * In plain Node (no DOM), from the installed package: imports it, checks the
   * import added no global, and renders <FeesCalculator> twice with
   * renderToString. Gives the first markup, or (report) all of it as JSON.
   */
  const serverRender = (report = false) => {
    const script = `
      const before = new Set(Object.getOwnPropertyNames(globalThis))
      const pkg = await import('fees-calculator')
      const globals = Object.getOwnPropertyNames(globalThis).filter((name) => !before.has(name))
      const { createElement } = await import('react')
      const { renderToString } = await import('react-dom/server')
      const input = ${JSON.stringify(INPUT('server-side'))}
      const html = [0, 1].map(() => renderToString(createElement(pkg.FeesCalculator, { tuitionInput: input })))
      process.stdout.write(${report} ? JSON.stringify({ keys: Object.keys(pkg), html, globals }) : html[0])
    `
    return run(app, 'node', ['--input-type=module', '-e', script])
  }

  /** A page of the host app built from the package, given a tuition input, once `count` results have come. */
  async function openApp(html: string, count: number) {
    const input = encodeURIComponent(JSON.stringify(INPUT(await suite.demo.token())))
    suite.pages.serve('/app/', join(app, 'dist'))
    const page = await suite.open(`/app/${html}?input=${input}`)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { results: unknown[] }).results.length), {
        timeout: 15_000,
      })
      .toBe(count)
    return page
  }

  // The package packed, installed into a fresh Vite + React app, and the app built; the folder removed after.
  started(async () => {
    const work = mkdtempSync(join(tmpdir(), 'fees-pack-'))
    const tarball = run(process.cwd(), 'npm', ['pack', '--silent', '--pack-destination', work])
      .trim()
      .split('\n')
      .at(-1)!
    app = join(work, 'app')
    mkdirSync(join(app, 'src'), { recursive: true })
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'host-app',
        private: true,
        type: 'module',
        dependencies: {
          react: version('react'),
          'react-dom': version('react-dom'),
          'fees-calculator': `file:${join(work, tarball)}`,
        },
        devDependencies: {
          vite: version('vite'),
          '@vitejs/plugin-react': version('@vitejs/plugin-react'),
          typescript: version('typescript'),
          '@types/react': version('@types/react'),
          '@types/react-dom': version('@types/react-dom'),
        },
      }),
    )
    writeFileSync(
      join(app, 'vite.config.js'),
      "import react from '@vitejs/plugin-react'\nexport default { plugins: [react()], base: '/app/', build: { rollupOptions: { input: ['index.html', 'hydrate.html'] } } }\n",
    )
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    )
    writeFileSync(
      join(app, 'src', 'main.jsx'),
      `import { createRoot } from 'react-dom/client'
import { FeesCalculator, defineFeesCalculator } from 'fees-calculator'

defineFeesCalculator()
const input = JSON.parse(new URLSearchParams(location.search).get('input'))
window.results = []
createRoot(document.getElementById('root')).render(
  <>
    <FeesCalculator tuitionInput={input} onCalculationResultReceived={(r) => window.results.push(['component', r.feeAmount])} />
    <fees-calculator id="element" tuitionInput={input} />
  </>,
)
document.addEventListener('calculationResultReceivedEvent', (e) => window.results.push(['element', e.detail.feeAmount]))
`,
    )
    writeFileSync(
      join(app, 'src', 'hydrate.jsx'),
      `import { hydrateRoot } from 'react-dom/client'
import { FeesCalculator } from 'fees-calculator'

const input = JSON.parse(new URLSearchParams(location.search).get('input'))
window.results = []
hydrateRoot(
  document.getElementById('root'),
  <FeesCalculator tuitionInput={input} onCalculationResultReceived={(r) => window.results.push(r.feeAmount)} />,
  { onRecoverableError: (error) => console.error('recoverable: ' + error.message) },
)
`,
    )
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify(HOST_TSCONFIG))
    writeFileSync(join(app, 'src', 'host.tsx'), HOST_TSX)
    run(app, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'])
    // The server's markup of <FeesCalculator>, rendered in plain Node from the installed package, for the hydration page.
    writeFileSync(
      join(app, 'hydrate.html'),
      `<!doctype html><html><body><div id="root">${serverRender()}</div><script type="module" src="/src/hydrate.jsx"></script></body></html>`,
    )
    run(app, 'npx', ['vite', 'build', '--logLevel', 'error'])
    return { close: () => rmSync(work, { recursive: true, force: true }) }
  }, 240_000)

  it('imports in plain Node without a DOM, with no side effect, and renders a stable placeholder on the server', () => {
    const output = JSON.parse(serverRender(true)) as { keys: string[]; html: string[]; globals: string[] }
    expect(output.keys).toEqual(
      expect.arrayContaining(['FeesCalculator', 'FeesCalculatorElement', 'defineFeesCalculator']),
    )
    expect(output.globals).toEqual([])
    expect(output.html[0]).toBe(output.html[1])
    expect(output.html[0]).toBe('<div class="fc" part="base" data-state="placeholder" aria-busy="true"></div>')
  })

  it("hydrates the server's markup in Chromium without a mismatch, then calculates", async () => {
    const page = await openApp('hydrate.html', 1)
    await expect.poll(() => page.playwright.getByText('Packed Degree').count()).toBe(1)
    expect((await page.console()).filter((line) => line.startsWith('error:'))).toEqual([])
  })

  it('installs into a fresh Vite + React app whose build renders the React component and the element', async () => {
    const page = await openApp('index.html', 2)
    const results = await page.evaluate(() => (window as unknown as { results: [string, number][] }).results)
    expect(results.map(([from]) => from).sort()).toEqual(['component', 'element'])
    expect(results[0]![1]).toBe(results[1]![1])
    await expect.poll(() => page.playwright.getByText('Packed Degree').count()).toBe(2)
  })

  it("type-checks a React host's TSX: the tag's attributes and properties in JSX, the element and its events", () => {
    // tsc exits non-zero on an error, an unused @ts-expect-error included (typings that check nothing), and prints it.
    const errors = (() => {
      try {
        run(app, 'npx', ['tsc', '-p', 'tsconfig.json'])
        return ''
      } catch (error) {
        return String((error as { stdout?: string }).stdout || error)
      }
    })()
    expect(errors).toBe('')
  })

  it('works in a plain HTML page from the installed dist/fees-calculator.js', async () => {
    suite.pages.serve('/packed/', join(app, 'node_modules', 'fees-calculator', 'dist'))
    const page = await suite.open('/plain.html', {
      html: '<!doctype html><meta charset="utf-8"><script type="module" src="/packed/fees-calculator.js"></script><fees-calculator></fees-calculator>',
    })
    const token = await suite.demo.token()
    const detail = await page.evaluate(
      (input) =>
        new Promise<{ totalFees: number }>((resolve) => {
          const element = document.querySelector('fees-calculator')!
          element.addEventListener('calculationResultReceivedEvent', (event) => resolve(event.detail), { once: true })
          element.tuitionInput = input as never
        }),
      INPUT(token),
    )
    expect(detail.totalFees).toBe(12)
    await expect.poll(() => page.playwright.getByText('Packed Degree').count()).toBe(1)
  })
})
