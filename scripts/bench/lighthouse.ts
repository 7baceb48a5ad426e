/**
 * Lighthouse's mobile profile (a mid-range phone on a throttled 4G line,
 * simulated) against a page of the demo server, in Debian's Chromium
 * (CHROME_PATH): the figures a phone user would meet.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface LighthouseFigures {
  performance: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

export async function lighthouseMobile(
  url: string,
  chromePath = process.env.CHROME_PATH || '/usr/bin/chromium',
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    })
    if (!result) throw new Error('Lighthouse gave no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    }
  } finally {
    chrome.kill()
  }
}
