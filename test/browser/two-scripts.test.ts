/**
 * A portal and a CMS block that each include the script: the same script twice, the same one under two URLs (two
 * module instances, as two copies on two CDNs would be), or two versions. The first definition wins, nothing throws,
 * and every <fees-calculator> on the page is drawn by the winner and works.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Page } from './harness.ts'
import { settled } from './screen-helpers.ts'

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
const OTHER_VERSION = '9.9.9'

const INPUT = (token: string) => ({
  currency: 'EUR',
  dateOfPayment: '2030-01-05',
  finalAmount: 6000,
  system: 1,
  financialType: 0,
  language: 'en',
  token,
  contractId: 'C-TWICE',
  studyIdName: 'Twice Degree',
})

const suite = browserSuite()

/** A page with two calculators (the portal's and the CMS block's) and `scripts` in that order. */
async function pageWith(scripts: string[]): Promise<Page> {
  const tags = scripts.map((src) => `<script type="module" src="${src}"></script>`).join('\n')
  const page = await suite.open('/twice.html', {
    html: `<!doctype html><html lang="en"><meta charset="utf-8"><title>Twice</title>${tags}
<fees-calculator id="portal"></fees-calculator><fees-calculator id="cms"></fees-calculator>`,
    // Another version of the script: the built one with its version changed, its chunks beside it.
    before: (page) =>
      page.route('**/other/**', (route) => {
        const file = new URL(route.request().url()).pathname.replace(/^\/other\//, '')
        const body = readFileSync(`dist/${file}`, 'utf8')
        const changed =
          file === 'fees-calculator.js' ? body.replace(`version=\`${VERSION}\``, `version=\`${OTHER_VERSION}\``) : body
        if (file === 'fees-calculator.js') expect(changed).not.toBe(body)
        return route.fulfill({ contentType: 'text/javascript', body: changed })
      }),
  })
  await page.waitForFunction(() => customElements.get('fees-calculator'))
  return page
}

/** Both calculators calculate, each its own plan. */
async function bothCalculate(page: Page) {
  const token = await suite.demo.token()
  await page.evaluate((input) => {
    for (const [id, amount] of [
      ['portal', 6000],
      ['cms', 3000],
    ] as const)
      (document.getElementById(id) as HTMLElementTagNameMap['fees-calculator']).tuitionInput = {
        ...input,
        finalAmount: amount,
      } as never
  }, INPUT(token))
  await settled(page)
  for (const id of ['portal', 'cms'])
    await expect.poll(() => page.locator(`#${id} [data-figure=feeAmount]`).textContent()).toMatch(/\d/)
}

const versionOf = (page: Page) =>
  page.evaluate(() => (customElements.get('fees-calculator') as unknown as { version: string }).version)

describe('the script loaded twice on one page', () => {
  it.each([
    ['the same URL twice', ['/dist/fees-calculator.js', '/dist/fees-calculator.js'], VERSION],
    ['the same script under two URLs', ['/dist/fees-calculator.js', '/dist/fees-calculator.js?cms=1'], VERSION],
    ['this version, then another', ['/dist/fees-calculator.js', '/other/fees-calculator.js'], VERSION],
    ['another version, then this one', ['/other/fees-calculator.js', '/dist/fees-calculator.js'], OTHER_VERSION],
  ])('%s: the first definition runs, nothing throws, both calculators work', async (_case, scripts, winner) => {
    const page = await pageWith(scripts)
    const log = suite.logOf(page)
    expect(await versionOf(page)).toBe(winner)
    await bothCalculate(page)
    expect(log.errors).toEqual([])
    expect(log.console.filter((line) => line.startsWith('error'))).toEqual([])
    await page.close()
  })
})
