import { useCallback, useEffect, useRef, useState } from 'react'
import type { Language } from '../domain/language.ts'
import type { Chunk } from '../lazy/chunk.ts'
import { whenIdle } from '../lazy/idle.ts'

export interface ChunkHandle<T> {
  /** The module, once loaded. */
  module: T | undefined
  /** The last attempt failed (reported already); a new request() retries. */
  failed: boolean
  /** Starts loading, if not done or under way. */
  request(): void
}

/**
 * A lazy chunk for one part of the screen: loaded on request (first focus or
 * click) or, with `preload`, when the browser is idle. A failure is reported
 * once per attempt and leaves the part on its fallback: never a crash.
 */
export function useChunk<T>(
  chunk: Chunk<T>,
  reportFailure: (error: unknown) => void,
  { preload = false }: { preload?: boolean } = {},
): ChunkHandle<T> {
  const [module, setModule] = useState<T | undefined>(() => chunk.loaded())
  const [failed, setFailed] = useState(false)
  const attempt = useRef<Promise<unknown> | null>(null)
  const alive = useRef(true)

  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])

  const request = useCallback(() => {
    const ready = chunk.loaded()
    if (ready !== undefined) {
      setModule(() => ready)
      return
    }
    if (attempt.current) return
    setFailed(false)
    attempt.current = chunk.load().then(
      (value) => {
        attempt.current = null
        if (alive.current) setModule(() => value)
      },
      (error: unknown) => {
        attempt.current = null
        if (!alive.current) return
        setFailed(true)
        reportFailure(error)
      },
    )
  }, [chunk, reportFailure])

  useEffect(() => {
    if (!preload || module !== undefined || failed) return
    return whenIdle(request)
  }, [preload, module, failed, request])

  return { module, failed, request }
}

/**
 * A language's piece (its words, its calendar locale) for a render that needs it: when `ready` is false it is
 * fetched with `load`, and the component renders again once it has arrived. Returns true when the last attempt
 * for this language failed (reported once to `onFailure`); a new language tries again.
 */
export function useLanguagePiece(
  language: Language,
  ready: boolean,
  load: (language: Language) => Promise<unknown>,
  onFailure: (error: unknown) => void,
): boolean {
  const [arrived, setArrived] = useState(0)
  const [failed, setFailed] = useState<Language | null>(null)
  // Again after each arrival that left it not ready: what `load` waits for can grow while it is on its way (a part
  // that needs this language's words too was drawn meanwhile), and the render after it would otherwise wait for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `arrived` runs it again after an arrival, on purpose.
  useEffect(() => {
    if (ready) return
    let current = true
    load(language).then(
      () => current && setArrived((n) => n + 1),
      (error: unknown) => {
        if (!current) return
        onFailure(error)
        setFailed(language)
      },
    )
    return () => {
      current = false
    }
  }, [language, ready, load, onFailure, arrived])
  return failed === language
}
