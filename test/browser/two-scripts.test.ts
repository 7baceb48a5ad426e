/**
 * A portal and a CMS block that each include the script: the same script twice, the same one under two URLs (two
 * module instances, as two copies on two CDNs would be), or two versions. The first definition wins, nothing throws,
 * and every <fees-calculator> on the page is drawn by the winner and works.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
const OTHER_VERSION = '9.9.9'

const INPUT = (token: string) =>
  tuitionInput({ system: 1, dateOfPayment: '2030-01-05', token, contractId: 'C-TWICE', studyIdName: 'Twice Degree' })

describeEngines('the script loaded twice on one page', ['chromium'], (suite) => {
  /** A page with two calculators (the portal's and the CMS block's) and `scripts` in that order. */
  async function pageWith(scripts: string[]): Promise<TestPage> {
    // Another version of the script: the built one, its chunks beside it, with its version changed (the element's
    // class is in the chunk the entry imports, which a second version serves from its own URL).
    const otherVersion = (code: string) => code.replace(`version=\`${VERSION}\``, `version=\`${OTHER_VERSION}\``)
    const built = (file: string) => readFileSync(`dist/${file}`, 'utf8')
    const firstChunks = [...built('fees-calculator.js').matchAll(/from"\.\/(chunks\/[^"]+)"/g)].map((m) => m[1]!)
    expect(firstChunks.some((file) => otherVersion(built(file)) !== built(file))).toBe(true)
    suite.pages.answer('/other/', (path) => {
      const file = path.split('?')[0]!.replace(/^\/other\//, '')
      return { contentType: 'text/javascript', body: otherVersion(built(file)) }
    })
    const tags = scripts.map((src) => `<script type="module" src="${src}"></script>`).join('\n')
    const page = await suite.open('/twice.html', {
      html: `<!doctype html><html lang="en"><meta charset="utf-8"><title>Twice</title>${tags}
<fees-calculator id="portal"></fees-calculator><fees-calculator id="cms"></fees-calculator>`,
    })
    await page.waitFor('the element defined', () => customElements.get('fees-calculator') !== undefined)
    return page
  }

  /** Both calculators calculate, each its own plan. */
  async function bothCalculate(page: TestPage) {
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
    await page.settled()
    for (const id of ['portal', 'cms'])
      await expect.poll(() => page.playwright.locator(`#${id} [data-figure=feeAmount]`).textContent()).toMatch(/\d/)
  }

  const versionOf = (page: TestPage) =>
    page.evaluate(() => (customElements.get('fees-calculator') as unknown as { version: string }).version)

  it.each([
    ['the same URL twice', ['/dist/fees-calculator.js', '/dist/fees-calculator.js'], VERSION],
    ['the same script under two URLs', ['/dist/fees-calculator.js', '/dist/fees-calculator.js?cms=1'], VERSION],
    ['this version, then another', ['/dist/fees-calculator.js', '/other/fees-calculator.js'], VERSION],
    ['another version, then this one', ['/other/fees-calculator.js', '/dist/fees-calculator.js'], OTHER_VERSION],
  ])('%s: the first definition runs, nothing throws, both calculators work', async (_case, scripts, winner) => {
    const page = await pageWith(scripts)
    expect(await versionOf(page)).toBe(winner)
    await bothCalculate(page)
    expect((await page.console()).filter((line) => line.startsWith('error'))).toEqual([])
  })
})
