import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queuedFrames } from '../../../test/support/queued-callbacks.ts'
import { returnFocus } from './focus.ts'

/** A widget's shadow root with its date button and an open calendar whose day has the focus. */
function widget() {
  const host = document.createElement('div')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  root.innerHTML = `<button id="date">05 / 01 / 2030</button>
    <div class="react-datepicker"><div class="react-datepicker__day" tabindex="0">6</div></div>
    <select id="fees"><option>12</option></select>`
  const day = root.querySelector<HTMLElement>('.react-datepicker__day')!
  day.focus()
  return { root, host, day, button: root.getElementById('date')!, other: root.getElementById('fees')! }
}

/** Frames handed out by the test: none comes unless it says so (a page whose frames are held back). */
let frame: () => void

beforeEach(() => {
  ;({ frame } = queuedFrames())
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

const focusedId = (root: ShadowRoot) => root.activeElement?.id ?? null

describe('returnFocus, after the calendar closed with the focus in it', () => {
  it('gives the date button the focus that a late blur left nowhere', async () => {
    const { root, day } = widget()
    returnFocus(root, 'date')
    day.blur()
    expect(document.activeElement).toBe(document.body)
    await vi.advanceTimersByTimeAsync(0)
    expect(focusedId(root)).toBe('date')
  })

  it('still does when the blur comes long after the close on a page whose frames are held back', async () => {
    const { root, button } = widget()
    returnFocus(root, 'date')
    button.focus()
    vi.advanceTimersByTime(10_000)
    button.blur()
    await vi.advanceTimersByTimeAsync(0)
    expect(focusedId(root)).toBe('date')
  })

  it('stops watching two frames after its time: a blur after that is left alone', async () => {
    const { root, button } = widget()
    returnFocus(root, 'date')
    button.focus()
    vi.advanceTimersByTime(3_000)
    frame()
    frame()
    frame()
    button.blur()
    await vi.advanceTimersByTimeAsync(0)
    expect(focusedId(root)).toBe(null)
  })

  it('leaves alone a focus the user moved to another control, or away with the pointer', async () => {
    const first = widget()
    returnFocus(first.root, 'date')
    first.other.focus()
    await vi.advanceTimersByTimeAsync(0)
    frame()
    frame()
    expect(focusedId(first.root)).toBe('fees')

    document.body.replaceChildren()
    const second = widget()
    returnFocus(second.root, 'date')
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    second.day.blur()
    await vi.advanceTimersByTimeAsync(0)
    frame()
    frame()
    expect(focusedId(second.root)).toBe(null)
  })

  it('watches nothing when the calendar closed with the focus already elsewhere', async () => {
    const { root, other } = widget()
    other.focus()
    returnFocus(root, 'date')
    other.blur()
    await vi.advanceTimersByTimeAsync(0)
    frame()
    frame()
    expect(focusedId(root)).toBe(null)
  })
})
