// Pins the r2wc behaviour src/element/r2wc-adapter.ts relies on, so a new r2wc version that changes it fails here:
// the component gets { container } (the element's shadow root), is mounted on connect and unmounted on disconnect.
import r2wc from '@r2wc/react-to-web-component'
import { act, createElement, useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { reactElementBase } from './r2wc-adapter.ts'

let tags = 0
const define = (ctor: CustomElementConstructor) => {
  const tag = `adapter-probe-${++tags}`
  customElements.define(tag, ctor)
  return tag
}

/** A component that records its mounts, unmounts and the container it was given. */
function probe() {
  const log = { mounts: 0, unmounts: 0, containers: [] as unknown[] }
  function Probe({ container }: { container: ShadowRoot }) {
    log.containers.push(container)
    useEffect(() => {
      log.mounts++
      return () => {
        log.unmounts++
      }
    }, [])
    return createElement('p', null, 'probe')
  }
  return { log, Probe }
}

describe('r2wc, as the adapter uses it', () => {
  it('renders into the shadow root, passes it as container, mounts on connect and unmounts on disconnect', async () => {
    const { log, Probe } = probe()
    const tag = define(r2wc(Probe as never, { shadow: 'open' }))
    const element = document.createElement(tag)
    expect(element.shadowRoot?.mode).toBe('open')
    await act(async () => document.body.append(element))
    await eventually(() => expect(log.mounts).toBe(1))
    expect(log.containers.at(-1)).toBe(element.shadowRoot)
    expect(element.shadowRoot?.querySelector('p')?.textContent).toBe('probe')
    await act(async () => element.remove())
    expect(log.unmounts).toBe(1)
  })

  it('has connectedCallback and disconnectedCallback on its class, which the adapter overrides', () => {
    const { Probe } = probe()
    const proto = r2wc(Probe as never, { shadow: 'open' }).prototype as Record<string, unknown>
    expect(typeof proto.connectedCallback).toBe('function')
    expect(typeof proto.disconnectedCallback).toBe('function')
  })
})

/** An element of the adapter's base around a probe, connected and mounted. */
async function connectedProbe() {
  const { log, Probe } = probe()
  const element = document.createElement(define(reactElementBase(Probe, { mode: 'open' })))
  await act(async () => document.body.append(element))
  await eventually(() => expect(log.mounts).toBe(1))
  return { log, element }
}

describe('the adapter', () => {
  it('keeps the tree of an element moved in the same task or a few frames later', async () => {
    const { log, element } = await connectedProbe()
    const box = document.createElement('div')
    document.body.append(box)
    await act(async () => box.append(element))
    element.remove()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await act(async () => document.body.append(element))
    expect(log).toMatchObject({ mounts: 1, unmounts: 0 })
    element.remove()
  })

  it('releases the tree of an element removed for good', async () => {
    const { log, element } = await connectedProbe()
    element.remove()
    await eventually(() => expect(log.unmounts).toBe(1))
    // Inserted again after the release: a fresh tree.
    await act(async () => document.body.append(element))
    await eventually(() => expect(log.mounts).toBe(2))
  })

  it('attaches the shadow root with the init it is given', () => {
    const { Probe } = probe()
    const tag = define(reactElementBase(Probe, { mode: 'open', delegatesFocus: true }))
    // happy-dom does not keep delegatesFocus on the root: what reaches the DOM's attachShadow is the check.
    const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow')
    const element = document.createElement(tag)
    expect(attach).toHaveBeenCalledWith({ mode: 'open', delegatesFocus: true })
    expect(element.shadowRoot?.mode).toBe('open')
    attach.mockRestore()
  })
})
