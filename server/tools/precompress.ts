/**
 * The build's last step: a brotli and a gzip copy beside every text file of
 * dist/ (`x.js` → `x.js.br`, `x.js.gz`), so the server sends compressed bytes
 * as a CDN would without compressing on every request. The copies are left out
 * of the npm package (package.json `files`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { COPY_SUFFIX, compress, MIN_COMPRESSED_BYTES } from '../src/compression.ts'

/** Files worth compressing: text. Images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|json|map|svg|txt|ts)$/

export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 }
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name)
    if (!TEXT.test(name) || !statSync(path).isFile()) continue
    const body = readFileSync(path)
    if (body.length < MIN_COMPRESSED_BYTES) continue
    const br = compress(body, 'br', 'once')
    const gz = compress(body, 'gzip', 'once')
    writeFileSync(path + COPY_SUFFIX.br, br)
    writeFileSync(path + COPY_SUFFIX.gzip, gz)
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
