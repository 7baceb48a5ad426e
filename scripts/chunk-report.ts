import { existsSync, readFileSync } from 'node:fs'

/**
 * Which modules the standalone build put in which chunk, written by the build
 * (vite.config.ts) beside the dependencies, never into dist: the tests check
 * what is lazy and that nothing is bundled twice, the bench shows what the
 * initial JS is made of.
 */
export const CHUNK_REPORT_PATH = 'node_modules/.cache/fees-calculator/standalone-chunks.json'

export interface ChunkReport {
  chunks: {
    /** Relative to dist, e.g. `chunks/Toasts-x.js`. */
    file: string
    isEntry: boolean
    /** `src/…`, `node_modules/<package>/…`, or a bundler's virtual module. */
    modules: { id: string; length: number }[]
  }[]
}

export function readChunkReport(path = CHUNK_REPORT_PATH): ChunkReport {
  if (!existsSync(path))
    throw new Error(`${path} is missing: it is written by \`vite build --mode standalone\` (\`npm run build\`).`)
  return JSON.parse(readFileSync(path, 'utf8')) as ChunkReport
}

/** The package a module belongs to (`react-dom`, `@lingui/core`), or `src` for ours. */
export function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)
  if (match) return match[1]!
  return id.startsWith('src/') ? 'src' : id
}
