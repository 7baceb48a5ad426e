/**
 * The bench's memory figure: the JS heap after garbage collection while the
 * element is mounted (with a calculation) and removed MOUNT_CYCLES times. An
 * element removed for good must release its React root, store and listeners:
 * the heap stays flat. Each API call adds an entry to the page's resource
 * timing buffer (up to 250 kept by the browser); they are cleared after each
 * cycle so that the figure is the widget's own.
 */
import type { Browser } from 'playwright-core'
import { kb } from '../size-budget.ts'
import { tuitionInput } from './browser.ts'

const MOUNT_CYCLES = 1000
const SAMPLE_EVERY = 100

export async function memoryReport(
  browser: Browser,
  origin: string,
  token: string,
  line: (label: string, value: string) => void,
): Promise<void> {
  const memPage = await browser.newPage()
  await memPage.route(`${origin}/bench-memory.html`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><meta charset="utf-8"><script type="module" src="/dist/fees-calculator.js"></script><main></main>',
    }),
  )
  await memPage.goto(`${origin}/bench-memory.html`)
  await memPage.waitForFunction(() => customElements.get('fees-calculator') !== undefined)
  const cdp = await memPage.context().newCDPSession(memPage)
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize
  }
  const mountCycle = (input: unknown) =>
    memPage.evaluate((value) => {
      const el = document.createElement('fees-calculator') as HTMLElement & { tuitionInput: unknown }
      const done = new Promise((resolve) =>
        el.addEventListener('calculationResultReceivedEvent', resolve, { once: true }),
      )
      el.tuitionInput = value
      document.querySelector('main')!.append(el)
      // A removed element keeps its tree for a moment in case it is inserted again (a move): wait for the release.
      return done
        .then(() => el.remove())
        .then(async () => {
          while (el.shadowRoot?.querySelector('.fc')) await new Promise((resolve) => setTimeout(resolve, 20))
          performance.clearResourceTimings()
        })
    }, input)
  const before = await heap()
  // The heap every SAMPLE_EVERY mounts: growth that keeps going to the end is a leak; a step that stops
  // (the JIT's code and feedback for what runs hot, caches filled once) is not.
  const samples: { mounts: number; heap: number }[] = []
  for (let k = 1; k <= MOUNT_CYCLES; k++) {
    await mountCycle(tuitionInput(token, 12 + (k % 13)))
    if (k === 1 || k % SAMPLE_EVERY === 0) samples.push({ mounts: k, heap: await heap() })
  }
  console.log(
    `\n6. Memory: JS heap after GC, mounting (with a calculation) and removing the element ${MOUNT_CYCLES} times`,
  )
  line('page with the bundle loaded', kb(before))
  const first = samples[0]!
  for (const sample of samples) line(`after ${sample.mounts} mounts and removals`, kb(sample.heap))
  const last = samples.at(-1)!
  // The last 40 % of the mounts, well past the warm-up.
  const late = samples.find((sample) => sample.mounts >= MOUNT_CYCLES * 0.6)!
  line('growth, first mount to the last', `${kb(last.heap - first.heap)}`)
  line(
    `last ${last.mounts - late.mounts} mounts, per mount`,
    `${((last.heap - late.heap) / (last.mounts - late.mounts)).toFixed(0)} bytes`,
  )
  await memPage.close()
}
