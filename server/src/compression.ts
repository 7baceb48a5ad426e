/**
 * Compressed answers, as a CDN sends them: brotli, else gzip, by the browser's Accept-Encoding, with
 * `Vary: Accept-Encoding`. The build writes a compressed copy beside each of its files with compress()
 * (server/tools/precompress.ts), and static.ts sends those; text the server makes itself is compressed here: a
 * demo page as it is sent, the OpenAPI document once per encoding, when first asked for.
 */
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip'
/** The encodings sent, best first. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip']
/** Where the build writes each encoding's copy of a file, and the server looks for it: beside it, with this suffix. */
export const COPY_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' }
/** Below this, the headers of a compressed answer outweigh what it saves. */
export const MIN_COMPRESSED_BYTES = 256
/**
 * Brotli's quality for a page made per request: the 3 KB portal page in 0.11 ms to 1 397 B, where the best
 * quality (11, kept for what is compressed once) takes 4.7 ms for 1 226 B.
 */
const FAST_BROTLI_QUALITY = 5

/** The encodings the browser takes (q > 0), best first, from an Accept-Encoding header; `*` takes any. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const names = new Set<string>()
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) names.add(name)
  }
  return ENCODINGS.filter((encoding) => names.has(encoding) || names.has('*'))
}

/** `body` compressed in `encoding`: at the best setting for what is compressed once, quickly for a page per request. */
export function compress(
  body: Uint8Array | string,
  encoding: Encoding,
  effort: 'once' | 'per-request',
): Uint8Array<ArrayBuffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  if (encoding === 'gzip') return gzipSync(bytes, { level: effort === 'once' ? 9 : 6 })
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 11 : FAST_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
}

/** If-None-Match against the current tag: `*`, or one of a comma-separated list (weak tags compare equal). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

/** Bytes to send and the headers that go with them. */
export interface EncodedBody {
  body: Uint8Array<ArrayBuffer> | string
  headers: Record<string, string>
}

/** A fixed text's answer: its bytes, or a 304 when the browser's copy is current. */
export type FixedTextAnswer = ({ status: 200 } & EncodedBody) | { status: 304; headers: Record<string, string> }

/** A page the server makes per request, in the browser's best encoding. */
export function encodedText(text: string, acceptEncoding: string | undefined): EncodedBody {
  if (Buffer.byteLength(text) < MIN_COMPRESSED_BYTES) return { body: text, headers: {} }
  const [encoding] = acceptedEncodings(acceptEncoding)
  const headers: Record<string, string> = { Vary: 'Accept-Encoding' }
  if (encoding === undefined) return { body: text, headers }
  headers['Content-Encoding'] = encoding
  return { body: compress(text, encoding, 'per-request'), headers }
}

/**
 * A text fixed for the life of the process (the OpenAPI document): compressed once in each encoding, when
 * first asked for, each with its own ETag, so a browser revalidates it with a 304 and no body.
 */
export function fixedText(
  text: string,
): (acceptEncoding: string | undefined, ifNoneMatch: string | undefined) => FixedTextAnswer {
  const digest = createHash('sha256').update(text).digest('base64url').slice(0, 22)
  const variants = new Map<Encoding, Uint8Array<ArrayBuffer>>()
  return (acceptEncoding, ifNoneMatch) => {
    const encoding = acceptedEncodings(acceptEncoding)[0]
    const headers: Record<string, string> = {
      ETag: `"${digest}${encoding ? `-${encoding}` : ''}"`,
      Vary: 'Accept-Encoding',
    }
    if (encoding !== undefined) headers['Content-Encoding'] = encoding
    if (etagMatches(ifNoneMatch, headers.ETag!)) return { status: 304, headers }
    if (encoding === undefined) return { status: 200, body: text, headers }
    let body = variants.get(encoding)
    if (body === undefined) {
      body = compress(text, encoding, 'once')
      variants.set(encoding, body)
    }
    return { status: 200, body, headers }
  }
}
