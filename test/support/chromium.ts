/**
 * Debian's Chromium launched for a closed network, and the check that the
 * build the browser tests load is there. The bench launches Chromium here too
 * (a development script may use the tests' helpers, never a test file).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium binary, behind its /usr/bin/chromium script (`apt-get install -y chromium`). */
const DEBIAN_CHROMIUM = '/usr/lib/chromium/chromium'

/**
 * CHROME_PATH, else Debian's Chromium. Its binary itself where it is there: the /usr/bin/chromium script adds a
 * desktop's defaults (rasterization on the GPU, here SwiftShader's emulated one, and extensions), which cost the
 * browser suites an eighth more CPU (widths and screen in Chromium: 67 CPU-s through the script, 59 without).
 */
export const CHROME_PATH =
  process.env.CHROME_PATH || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : '/usr/bin/chromium')

/** Flags that keep Chromium off the closed network of CI machines. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Partial raster repaints only the changed part of a tile, so the anti-aliasing of a rounded corner near
  // a repainted button depended on what changed before: two screenshots of the same screen differed by one
  // colour step in about one run in five. Whole-tile raster makes them identical.
  '--disable-partial-raster',
  // Headless Chromium still builds a browser window for every page, with the WebUI of its address bar's popup: a
  // renderer of its own that, with the browser process's work for it, took two fifths of the CPU of a suite of pages.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
]

/**
 * Chromium reads only the last --disable-features (and --enable-features) it is given, and Playwright passes a list
 * of its own before ours: Chromium is started through a script that joins them.
 */
const WITH_JOINED_FEATURES = fileURLToPath(new URL('./chromium-features.sh', import.meta.url))

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `No Chromium at ${CHROME_PATH}. Install it with \`apt-get update && apt-get install -y chromium\`, or set CHROME_PATH to a Chromium or Chrome binary.`,
    )
  }
  return chromium.launch({
    executablePath: WITH_JOINED_FEATURES,
    env: { ...process.env, FEES_CHROMIUM: CHROME_PATH },
    args: [...CHROMIUM_ARGS, ...extraArgs],
  })
}

export function requireBuild(files = ['dist/fees-calculator.js']): void {
  if (!files.every((file) => existsSync(file))) {
    throw new Error('The browser tests load the built bundle: run `npm run build` first (`npm test` does).')
  }
}

/**
 * Chromium asks the user before a page on one loopback port may call another
 * (Local Network Access); headless, nobody answers. A real portal and its API
 * are on public hosts, where the check does not apply: tests of a cross-origin
 * API root switch it off.
 */
export const ALLOW_LOOPBACK_CROSS_ORIGIN = ['--disable-features=LocalNetworkAccessChecks']
