/**
 * Code-split modules, loaded on demand with a time-out and reported as
 * "Loading chunk failed". No React here, and no DOM unless the script-tag
 * build has given its integrity hashes: the API client splits ky off the
 * first render with it too, below the UI. The widget's chunks themselves
 * are declared by the layer that owns them: src/api/chunks.ts and
 * src/ui/chunks.ts.
 */

/** A lazy chunk that has not arrived within two minutes (a script's load time-out) is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
/** The words a failed chunk is reported with, on the console and in the toast. */
export const CHUNK_LOAD_FAILED = 'Loading chunk failed'

/** A lazy chunk that failed to load or took longer than CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError'
  constructor(
    readonly chunk: string,
    override readonly cause?: unknown,
  ) {
    super(`${CHUNK_LOAD_FAILED}: ${chunk}`)
  }
}

/** A code-split module, loaded once per page and shared by every instance. */
export interface Chunk<T> {
  readonly name: string
  /** The module when it has arrived, else undefined. */
  loaded(): T | undefined
  /** Loads it (once); rejects with a ChunkLoadError. A failure is forgotten, so a later call retries. */
  load(): Promise<T>
}

/** Rejects with a ChunkLoadError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, chunk: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, new Error(`no answer within ${ms} ms`))), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, error))
      },
    )
  })
}

/** A file a lazy chunk runs (the chunk itself, or a chunk it imports), with its Subresource Integrity hash. */
export interface CheckedFile {
  readonly url: string
  readonly integrity: string
}

const checkedFiles = new Map<string, readonly CheckedFile[]>()
let preloadNonce = ''

declare global {
  /**
   * In a lazy chunk that vouches for lazy chunks of its own (a `defineChunk` with `vouchedBy`), the table of their
   * files' hashes, which it passes to setChunkIntegrity as it loads: the script-tag build writes it in, once those
   * chunks are hashed (vite.config.ts); other builds give an empty one, and nothing is checked.
   */
  const __FEES_CALCULATOR_NESTED_INTEGRITY__: Record<string, [string, string][]>
}

/**
 * The script-tag build's sha256 hashes of every file each lazy chunk runs, by the chunk's name: `[file relative to
 * base, integrity]`. The entry sets those of its chunks (the host's own `integrity` attribute checks it), with the
 * nonce of its script tag, for pages whose Content-Security-Policy allows scripts by nonce; a lazy chunk that
 * declares chunks of its own (the calendar's locales) sets theirs, vouched for by its own hash. A dynamic import()
 * carries no integrity of its own, so each file is first fetched by a `<link rel="modulepreload" integrity>`: the
 * browser checks it, refuses a changed one, and puts a checked one in the page's module map, from which the
 * import() that follows takes it.
 */
export function setChunkIntegrity(table: Record<string, [string, string][]>, base: string, nonce?: string): void {
  for (const [name, files] of Object.entries(table))
    checkedFiles.set(
      name,
      files.map(([file, integrity]) => ({ url: new URL(file, base).href, integrity })),
    )
  if (nonce !== undefined) preloadNonce = nonce
}

function preloadChecked(file: CheckedFile): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.integrity = file.integrity
    if (preloadNonce) link.nonce = preloadNonce
    link.href = file.url
    link.onload = () => {
      link.remove()
      resolve()
    }
    link.onerror = () => {
      link.remove()
      reject(new Error(`refused or unreachable: ${file.url}`))
    }
    ;(document.head ?? document.documentElement).append(link)
  })
}

/** Resolves once every file of the chunk has passed its integrity check (at once when there are no hashes). */
function checked(name: string): Promise<void> {
  const files = checkedFiles.get(name)
  return files ? Promise.all(files.map(preloadChecked)).then(() => undefined) : Promise.resolve()
}

/** How long after `beforeunload` the page counts as being left, if it is still there (the navigation did not happen). */
const LEAVING_MS = 3_000
/** While the page is being left, the loads that wait for it to be shown again. */
let leaving: (() => void)[] | undefined
let stayTimer: ReturnType<typeof setTimeout> | undefined

function stayed() {
  const waiting = leaving
  leaving = undefined
  for (const resume of waiting ?? []) resume()
}

/**
 * Safari (WebKit) stops the page's loads as soon as the student follows a link (`beforeunload`), then keeps the page
 * whole in its back-forward cache: a chunk under way fails then with nothing wrong with it, and the page may come
 * back with the Back button. Such a load is not reported: it is tried again once the page is shown again, or once
 * LEAVING_MS have passed with the page still there. (Nothing to listen to where there is no window, as in Node.)
 */
globalThis.addEventListener?.('beforeunload', () => {
  leaving ??= []
  // Counted from the last time the student started to leave: an earlier one's end does not cut this one short.
  clearTimeout(stayTimer)
  stayTimer = setTimeout(stayed, LEAVING_MS)
})
globalThis.addEventListener?.('pageshow', stayed)

/**
 * Every chunk defined on the page, by its name: those a chunk is vouched by. The build checks that one that vouches is
 * declared by the first render's code (vite.config.ts), so it is here before any chunk loads.
 */
const definedChunks: Record<string, Chunk<unknown>> = {}

/**
 * A lazy chunk named `name`, which `importer` imports. A chunk `vouchedBy` another (named so: the chunk that vouches
 * may itself import its declarer) is checked by the hashes that other chunk brings (the script-tag build writes them
 * there, not in the entry, vite.config.ts): that chunk loads first.
 */
export function defineChunk<T>(name: string, importer: () => Promise<T>, vouchedBy?: string): Chunk<T> {
  let module: T | undefined
  let pending: Promise<T> | null = null
  const attempt = (): Promise<T> =>
    withTimeout(
      Promise.resolve(vouchedBy && definedChunks[vouchedBy]?.load())
        .then(() => checked(name))
        .then(() => importer()),
      CHUNK_LOAD_TIMEOUT_MS,
      name,
    ).then(
      (value) => {
        module = value
        return value
      },
      (error: unknown) => {
        if (leaving) return new Promise<void>((resume) => leaving!.push(resume)).then(attempt)
        pending = null
        throw error
      },
    )
  const chunk: Chunk<T> = {
    name,
    loaded: () => module,
    load() {
      if (module !== undefined) return Promise.resolve(module)
      pending ??= attempt()
      return pending
    },
  }
  definedChunks[name] = chunk
  return chunk
}
