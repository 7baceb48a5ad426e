/**
 * The build's server step: the reference server (demo/server/main.ts) as one
 * plain JavaScript module, `build/server/main.js`, which `npm run serve` and the
 * image run with Node alone. Packages stay imports of node_modules; the
 * server's own modules and the shared domain code are bundled. It is the
 * production start: no TypeScript loader in the process, and none of the
 * per-closure name-keeping code that tsx adds to every function it compiles.
 * The module sits two folders below the repository, as demo/server/main.ts
 * does, so the paths the server resolves from its own folder (the OpenAPI
 * document, the pages, the migrations) are the same in both.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '../..')
export const SERVER_BUILD = join(ROOT, 'build/server/main.js')

export async function buildServer(): Promise<void> {
  // Loaded here, not with this module: the tests read SERVER_BUILD without the bundler.
  const { build } = await import('rolldown')
  rmSync(join(ROOT, 'build/server'), { recursive: true, force: true })
  await build({
    input: join(ROOT, 'server/src/main.ts'),
    platform: 'node',
    // Bare specifiers (packages, node: builtins) are loaded from node_modules at run time.
    external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    logLevel: 'warn',
    output: { file: SERVER_BUILD, format: 'esm' },
  })
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) await buildServer()
