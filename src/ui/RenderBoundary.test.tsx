import { createRoot, type Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { startRecordingServer } from '../../test/support/recording-server.ts'
import type { TuitionPayload } from '../domain/types.ts'
import type { InvalidTuitionDetail } from '../events.ts'
import { FeesCalculator } from './FeesCalculator.tsx'

// Updates arrive from a real server: the test waits for the screen rather than wrap them in act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false })

// The monthly fee fails to draw for one currency, as a part would on a broken Intl: a failure of one widget only.
vi.mock('./parts/MonthlyFee.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof import('./parts/MonthlyFee.tsx')>()
  const { useCalculator } = await import('./context.ts')
  return {
    ...original,
    MonthlyFee: () => {
      if (useCalculator((s) => s.result?.currency) === 'XXX') throw new Error('cannot format XXX')
      return original.MonthlyFee()
    },
  }
})

let server: Awaited<ReturnType<typeof startRecordingServer>>
const roots: Root[] = []
beforeAll(async () => {
  server = await startRecordingServer((request) => ({
    body: standInFeesTable(JSON.parse(request.body) as TuitionPayload),
  }))
  setPageUrl(`${server.origin}/`)
})
afterAll(() => {
  for (const root of roots) root.unmount()
  return server.close()
})

function mount(language: string, currency: string) {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  roots.push(root)
  const events: InvalidTuitionDetail[] = []
  const render = (input: ReturnType<typeof tuitionInput>) =>
    root.render(
      <FeesCalculator
        apiBase={`${server.origin}/api/v1`}
        tuitionInput={input}
        onInvalidTuition={(detail) => events.push(detail)}
      />,
    )
  render(tuitionInput({ language, currency }))
  return { shadow, events, render, text: () => shadow.textContent ?? '' }
}

describe('a widget that cannot be drawn', () => {
  it('shows a localised panel with a retry, tells the host and the console once, leaves the other widget alone, and recovers on the next input', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = mount('es', 'XXX')
    const other = mount('en', 'EUR')
    await eventually(() => expect(broken.shadow.querySelector('[part=failed]')).not.toBeNull())
    await eventually(() => expect(other.shadow.querySelector('[data-figure=feeAmount]')?.textContent).toBe('€500.00'))

    expect(broken.shadow.querySelector('[role=alert]')?.textContent).toContain(
      'No se ha podido mostrar la calculadora.',
    )
    expect(broken.shadow.querySelector('button')?.textContent).toBe('Reintentar')
    expect(broken.events).toEqual([{ code: 'render_failed', message: 'cannot format XXX' }])
    expect(other.events).toEqual([])
    // Once in the console, with the error itself.
    const withTheError = errors.mock.calls.filter((args) =>
      args.some((arg) => arg instanceof Error && arg.message === 'cannot format XXX'),
    )
    expect(withTheError).toHaveLength(1)

    broken.render(tuitionInput({ language: 'es', currency: 'EUR' }))
    await eventually(() =>
      expect(broken.shadow.querySelector('[data-figure=feeAmount]')?.textContent).toMatch(/500,00/),
    )
    expect(broken.shadow.querySelector('[part=failed]')).toBeNull()
    errors.mockRestore()
  })
})
