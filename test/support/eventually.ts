import { vi } from 'vitest'

/**
 * Waits for a condition to hold. vi.waitFor gives up after 1 s, which a
 * machine busy with other work can exceed: the bound here is far above any
 * honest wait, so a failure means the condition never came.
 */
export const eventually = <T>(check: () => T | Promise<T>): Promise<T> =>
  vi.waitFor(check, { timeout: 15_000, interval: 10 })
