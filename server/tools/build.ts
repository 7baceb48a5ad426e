/**
 * The server's build: the reference server (server/src/main.ts) as one plain
 * JavaScript module, `server/build/main.js`, which `npm run serve` and the
 * image run with Node alone. Packages stay imports of node_modules; the
 * server's own modules and the contract it shares with the widget
 * (@fees-calculator/contract: TypeScript, the OpenAPI document) are bundled. It is the production start: no TypeScript loader in the process,
 * and none of the per-closure name-keeping code that tsx adds to every function
 * it compiles. The files the server reads at run time (the widget's build, the
 * demo pages, the migrations) are found through its configuration, so the
 * module may sit anywhere.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'

const SERVER_DIR = join(import.meta.dirname, '..')
export const SERVER_BUILD = join(SERVER_DIR, 'build/main.js')
const CONTRACT = '@fees-calculator/contract'

export async function buildServer(): Promise<void> {
  // Loaded here, not with this module: the tests read SERVER_BUILD without the bundler.
  const { build } = await import('rolldown')
  rmSync(join(SERVER_DIR, 'build'), { recursive: true, force: true })
  await build({
    input: join(SERVER_DIR, 'src/main.ts'),
    platform: 'node',
    // Bare specifiers (packages, node: builtins) are loaded from node_modules at run time, but the contract, whose
    // TypeScript Node does not run from node_modules, and which the image does not carry.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !id.startsWith(CONTRACT),
    logLevel: 'warn',
    output: { file: SERVER_BUILD, format: 'esm' },
  })
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) await buildServer()
