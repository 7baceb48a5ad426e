/**
 * The build's last step: a brotli and a gzip copy beside every text file of
 * dist/ (`x.js` → `x.js.br`, `x.js.gz`), so the server sends compressed bytes
 * as a CDN would without compressing on every request. The copies are left out
 * of the npm package (package.json `files`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Files worth compressing: text. Images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|json|map|svg|txt|ts)$/
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 256

export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 }
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name)
    if (!TEXT.test(name) || !statSync(path).isFile()) continue
    const body = readFileSync(path)
    if (body.length < MIN_BYTES) continue
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    const gz = gzipSync(body, { level: 9 })
    writeFileSync(`${path}.br`, br)
    writeFileSync(`${path}.gz`, gz)
    totals.files += 1
    totals.bytes += body.length
    totals.brotli += br.length
    totals.gzip += gz.length
  }
  return totals
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist'
  const { files, bytes, brotli, gzip } = precompress(dir)
  console.log(`precompressed ${files} files of ${dir}/: ${bytes} B → brotli ${brotli} B, gzip ${gzip} B`)
}
