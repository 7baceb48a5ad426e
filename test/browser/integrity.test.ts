/**
 * Subresource Integrity of the script-tag build: dist/integrity.json holds the sha384 of every script the build
 * wrote; a host page pins the entry with `integrity` (and its first-render chunks with an import map's `integrity`),
 * and the widget checks every lazy chunk it fetches against the hashes its entry carries, so a changed file never runs.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { requireBuild } from '../support/chromium.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, type TestPage } from '../support/harness.ts'

const DIST = 'dist'
const sha384 = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`
const integrity = (): Record<string, string> => JSON.parse(readFileSync(join(DIST, 'integrity.json'), 'utf8'))
const chunkLines = async (page: TestPage) =>
  (await page.console()).filter((line) => line.startsWith('error: [fees-calculator] Loading chunk failed'))
/** The same file with a line added: still valid JavaScript that would run, only its bytes differ. */
const tampered = (file: string) => ({
  contentType: 'text/javascript',
  body: `${readFileSync(join(DIST, file), 'utf8')}\nglobalThis.__tampered = true;\n`,
})

const INPUT = (token: string) =>
  tuitionInput({ system: 1, dateOfPayment: '2030-01-05', token, contractId: 'C-SRI', studyIdName: 'Pinned Degree' })

/** A host page as docs/embedding.md writes it: the import map's hashes, then the script tag with its own. */
function pinnedPage(hashes: Record<string, string>, entryIntegrity = hashes['fees-calculator.js']) {
  const map = {
    integrity: Object.fromEntries(
      Object.entries(hashes)
        .filter(([file]) => file !== 'fees-calculator.js')
        .map(([file, hash]) => [`/dist/${file}`, hash]),
    ),
  }
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pinned</title>
<script type="importmap">${JSON.stringify(map)}</script>
<script type="module" src="/dist/fees-calculator.js" integrity="${entryIntegrity}" crossorigin="anonymous"></script>
<fees-calculator></fees-calculator>`
}

describeEngines('Subresource Integrity', ['chromium'], (suite) => {
  it('dist/integrity.json holds the sha384 of the standalone script and of every chunk, as written', () => {
    requireBuild()
    const files = [
      'fees-calculator.js',
      ...readdirSync(join(DIST, 'chunks'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `chunks/${f}`),
    ]
    const hashes = integrity()
    expect(Object.keys(hashes).sort()).toEqual(files.sort())
    for (const file of files) expect(hashes[file], file).toBe(sha384(readFileSync(join(DIST, file))))
  })

  it('works in a page that pins the script and its chunks by their hashes, and loads every lazy chunk', async () => {
    const page = await suite.open('/pinned.html', { html: pinnedPage(integrity()) })
    const token = await suite.demo.token()
    await page.evaluate((input) => {
      document.querySelector('fees-calculator')!.tuitionInput = input as never
    }, INPUT(token))
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    await expect
      .poll(() =>
        ['CalendarPicker', 'Toasts', 'http', 'sentences'].filter((n) =>
          suite.pages.requests.some((request) => request.path.includes(`/chunks/${n}-`)),
        ),
      )
      .toEqual(['CalendarPicker', 'Toasts', 'http', 'sentences'])
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/\d/)
    expect((await page.console()).filter((line) => line.startsWith('error'))).toEqual([])
  })

  it('refuses a changed standalone script: nothing of it runs', async () => {
    const page = await suite.open('/pinned.html', {
      html: pinnedPage(integrity(), sha384('another version')),
    })
    // The browser says it on the console, and the script element reports a failed load: the test's own.
    page.expectError(/integrity|^failed to load /i)
    await expect.poll(async () => (await page.console()).join('\n')).toMatch(/integrity/i)
    expect(await page.evaluate(() => customElements.get('fees-calculator'))).toBeUndefined()
  })

  it("refuses a changed first-render chunk by the import map's hash: the element is never defined", async () => {
    const shared = Object.keys(integrity()).find((file) => file.startsWith('chunks/shared-'))!
    suite.pages.answer(`/dist/${shared}`, () => tampered(shared))
    const page = await suite.open('/pinned.html', { html: pinnedPage(integrity()) })
    page.expectError(/integrity|^failed to load /i)
    await expect.poll(async () => (await page.console()).join('\n')).toMatch(/integrity/i)
    expect(await page.evaluate(() => customElements.get('fees-calculator'))).toBeUndefined()
    expect(await page.evaluate(() => (globalThis as { __tampered?: boolean }).__tampered)).toBeUndefined()
  })

  it('refuses a changed lazy chunk and says "Loading chunk failed", with the figures kept', async () => {
    const hashes = integrity()
    const toaster = Object.keys(hashes).find((file) => file.startsWith('chunks/Toasts-'))!
    const calendar = Object.keys(hashes).find((file) => file.startsWith('chunks/CalendarPicker-'))!
    const served: string[] = []
    for (const file of [toaster, calendar])
      suite.pages.answer(`/dist/${file}`, () => {
        served.push(file)
        return tampered(file)
      })
    // The portal page, whose script tag carries no integrity: the entry's own hashes check the chunks.
    const page = await suite.open('/demo/portal.html?lang=en')
    page.expectError(/integrity|Loading chunk failed|^failed to load /i)
    await page.event('calculationResultReceivedEvent')
    await page.waitForInside('[role=alert]')
    expect(await page.text('[role=alert]')).toContain('Loading chunk failed')
    await expect.poll(async () => (await chunkLines(page)).length).toBe(2)
    expect((await chunkLines(page)).join('\n')).toMatch(/Loading chunk failed: (toaster|calendar)/)
    expect(served.sort()).toEqual([calendar, toaster].sort())
    expect(await page.evaluate(() => (globalThis as { __tampered?: boolean }).__tampered)).toBeUndefined()
    expect((await page.console()).join('\n')).toMatch(/integrity/i)
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/\d/)
  })

  it('refuses a changed save bar chunk, which vouches for the calendar and the toasts: none of them runs', async () => {
    const saveBar = Object.keys(integrity()).find((file) => file.startsWith('chunks/SaveBar-'))!
    suite.pages.answer(`/dist/${saveBar}`, () => tampered(saveBar))
    const page = await suite.open('/demo/portal.html?lang=en')
    page.expectError(/integrity|Loading chunk failed|^failed to load /i)
    await page.event('calculationResultReceivedEvent')
    await page.waitForInside('[role=alert]')
    expect(await page.text('[role=alert]')).toContain('Loading chunk failed')
    await expect.poll(async () => (await chunkLines(page)).join('\n')).toMatch(/Loading chunk failed: save-bar/)
    expect(await page.evaluate(() => (globalThis as { __tampered?: boolean }).__tampered)).toBeUndefined()
    const fetched = (name: string) => suite.pages.requests.some((request) => request.path.includes(`/chunks/${name}-`))
    expect(fetched('SaveBar')).toBe(true)
    expect(['CalendarPicker', 'Toasts', 'Schedule'].filter(fetched)).toEqual([])
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/\d/)
  })
})
