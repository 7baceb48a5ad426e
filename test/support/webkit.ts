/**
 * WebKit for the browser tests: Debian's WebKitWebDriver driving MiniBrowser,
 * spoken to in plain W3C WebDriver over fetch (a dozen commands, no client
 * library). MiniBrowser has no headless mode, so an Xvfb of our own gives it
 * a display; both processes are stopped by `close`, or, for a session still
 * open when the process ends or is told to (Vitest ends its workers with
 * SIGTERM), as it goes: the driver takes MiniBrowser with it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from '../../server/test/support/server-process.ts'

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
// Tall enough for a full-page screenshot taken by growing the window to the page's height.
const SCREEN = '1600x4000x24'
const STARTUP_TIMEOUT_MS = 30_000 // a loaded 2-core machine still starts Xvfb and the driver
/** The W3C name of a web element in a command's JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

/** WebDriver's code points for the keys the tests press (W3C WebDriver, "Keyboard actions"). */
const KEYS: Record<string, string> = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
}

export const webDriverKey = (key: string): string => {
  const code = KEYS[key] ?? (key.length === 1 ? key : undefined)
  if (code === undefined) throw new Error(`no WebDriver key for "${key}"`)
  return code
}

function once(child: ChildProcess, what: string): Promise<never> {
  return new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${code ?? signal})`))),
  )
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** The driver and Xvfb of every session not closed yet. */
const live = new Set<ChildProcess>()

/** Stops what is still running, at once (an exit handler cannot wait): SIGTERM, on which Xvfb removes its lock file. */
function stopAll() {
  for (const child of live) child.kill('SIGTERM')
  live.clear()
  listen(false)
}

/**
 * A listener for SIGTERM takes away Node's own ending on it: once ours has run, the signal is raised again if no other
 * listener (Playwright's, Puppeteer's) is there to end the process its own way.
 */
function stopOnSigterm() {
  stopAll()
  if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM')
}

function listen(on: boolean) {
  process[on ? 'on' : 'off']('exit', stopAll)
  process[on ? 'on' : 'off']('SIGTERM', stopOnSigterm)
}

/** Keeps `child` to be stopped with the process, while it runs. */
function watch(child: ChildProcess) {
  if (live.size === 0) listen(true)
  live.add(child)
  child.once('exit', () => {
    if (live.delete(child) && live.size === 0) listen(false)
  })
}

/** Xvfb on the first free display (it writes the number it took to fd 3). */
async function startXvfb(): Promise<{ process: ChildProcess; display: string }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', SCREEN, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  })
  watch(xvfb)
  const display = await Promise.race([
    new Promise<string>((resolve) => {
      let text = ''
      xvfb.stdio[3]!.on('data', (chunk) => {
        text += chunk
        if (text.includes('\n')) resolve(`:${text.trim()}`)
      })
    }),
    once(xvfb, 'Xvfb'),
  ])
  return { process: xvfb, display }
}

export class WebDriverError extends Error {}

/** One WebDriver session: what the browser tests need, each a W3C command. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    private readonly processes: ChildProcess[],
  ) {}

  /** Xvfb, WebKitWebDriver on a free port and a MiniBrowser session; everything stopped if a step fails. */
  static async start(options: { args?: string[]; env?: Record<string, string> } = {}): Promise<WebDriverSession> {
    for (const file of [WEBKIT_DRIVER, MINIBROWSER])
      if (!existsSync(file))
        throw new Error(`No ${file}. Install it with \`apt-get install -y webkit2gtk-driver xvfb\`.`)
    const xvfb = await startXvfb()
    let driver: ChildProcess | undefined
    try {
      const port = await freePort()
      driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
        env: { ...process.env, ...options.env, DISPLAY: xvfb.display },
        stdio: 'ignore',
      })
      watch(driver)
      const root = `http://127.0.0.1:${port}`
      const exited = once(driver, 'WebKitWebDriver')
      const deadline = Date.now() + STARTUP_TIMEOUT_MS
      for (;;) {
        const ready = await Promise.race([
          fetch(`${root}/status`).then(
            (r) => r.ok,
            () => false,
          ),
          exited,
        ])
        if (ready) break
        if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer')
        // The driver is not listening yet: ask again on the next turn of a short timer.
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      exited.catch(() => {})
      const session = await command<{ sessionId: string }>('POST', `${root}/session`, {
        capabilities: {
          alwaysMatch: {
            'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...(options.args ?? [])] },
          },
        },
      })
      return new WebDriverSession(`${root}/session/${session.sessionId}`, [driver, xvfb.process])
    } catch (error) {
      await stop(driver)
      await stop(xvfb.process)
      throw error
    }
  }

  /** Whether the driver and Xvfb still run. */
  get running(): boolean {
    return this.processes.every((child) => child.exitCode === null && child.signalCode === null)
  }

  send<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return command<T>(method, `${this.base}${path}`, body)
  }

  /** Runs `source` (a function's text) with `args` in the current frame; async, so promises are awaited. */
  async execute<T>(source: string, args: unknown[]): Promise<T> {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${source}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }))`
    const result = await this.send<{ value?: T; error?: string }>('POST', '/execute/async', { script, args })
    if (result.error !== undefined) throw new WebDriverError(`in the page: ${result.error}`)
    return result.value as T
  }

  /** The web element a script returns, to aim a pointer or a screenshot at it. */
  async element(source: string, args: unknown[]): Promise<Record<string, string>> {
    const value = await this.send<Record<string, string> | null>('POST', '/execute/sync', {
      script: `return (${source}).apply(null, arguments)`,
      args,
    })
    if (!value?.[ELEMENT_KEY]) throw new WebDriverError('the script found no element')
    return value
  }

  pointer(actions: unknown[]): Promise<unknown> {
    return this.send('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    })
  }

  keys(keys: string[]): Promise<unknown> {
    const codes = keys.map(webDriverKey)
    return this.send('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: codes.flatMap((value) => [
            { type: 'keyDown', value },
            { type: 'keyUp', value },
          ]),
        },
      ],
    })
  }

  /** Ends the session (MiniBrowser quits), then the driver and Xvfb. */
  async close(): Promise<void> {
    try {
      await this.send('DELETE', '')
    } finally {
      for (const child of this.processes) await stop(child)
    }
  }
}

async function command<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { value: T & { error?: string; message?: string } }
  if (!response.ok) throw new WebDriverError(`${method} ${url}: ${json.value.error}: ${json.value.message}`)
  return json.value
}
