// The one path every call takes, by the rules of wire.ts, within its deadline. ky is the engine (a lazy chunk,
// ky.ts); until its chunk has arrived a call's first try leaves with the browser's own fetch, built by the same
// rules, and ky takes over its answer if it is not a success, as if it had sent it itself.
import { whenIdle } from '../lazy/idle.ts'
import { httpChunk } from './chunks.ts'
import { CALL_DEADLINE_MS, type Call, requestOf, type Wire } from './wire.ts'

export { CALL_DEADLINE_MS, type Call, newIdempotencyKey, type Wire } from './wire.ts'

/** Starts loading ky. A failure here is silent: the call that needs it reports it. */
const preloadHttp = () => void httpChunk.load().catch(() => {})

/**
 * Sends a call and reads its answer with `read`, all within CALL_DEADLINE_MS (a TimeoutError after it). Resolves
 * with what `read` made of a success; rejects with what ky throws (an HTTPError for an error status), the
 * browser's TypeError for no answer, the signal's reason when cancelled, or what `read` throws.
 */
export async function request<T>(
  wire: () => Wire,
  call: Call,
  signal: AbortSignal | undefined,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = new AbortController()
  const cancel = () => controller.abort(signal?.reason)
  signal?.throwIfAborted()
  signal?.addEventListener('abort', cancel, { once: true })
  const deadline = setTimeout(
    () => controller.abort(new DOMException(`No answer within ${CALL_DEADLINE_MS / 1000} s`, 'TimeoutError')),
    CALL_DEADLINE_MS,
  )
  // Whatever is awaited below (a chunk, an answer's body) ends when the call does.
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  stopped.catch(() => {})
  const within = <U>(work: Promise<U>) => Promise.race([work, stopped])
  try {
    let engine = httpChunk.loaded()
    let first: Promise<Response> | undefined
    if (!engine) {
      // ky's bytes are not here yet (the first calculation, as a rule): the call leaves at once, and a success is
      // read without it. Anything else goes to ky, which reads an error status and tries again as it does for every call.
      const { fetch: fetchFirst = fetch } = wire()
      first = fetchFirst(requestOf(wire(), call, controller.signal))
      const answer = await first.catch(() => null)
      if (answer?.ok) {
        const value = await within(read(answer))
        // ky comes when the browser is idle after the frame that draws what this answer brings (the store takes it
        // in this task): an idle moment before that frame would put it among the scripts the figures wait for.
        if (typeof requestAnimationFrame === 'function') whenIdle(preloadHttp)
        return value
      }
      controller.signal.throwIfAborted()
      engine = await within(httpChunk.load())
    }
    return await within(engine.send(wire, call, controller.signal, first).then(read))
  } finally {
    clearTimeout(deadline)
    signal?.removeEventListener('abort', cancel)
  }
}
