/**
 * A plan that changes, in Chromium, Firefox and WebKit: a plan that replaces a saved version shows that version
 * beside it (before and now), read by its hash after its own figures, marked in words and announced once; it saves
 * linked to it, and the host's event, the new PDF and the new calendar file name it (the .ics read back with a
 * calendar parser: the fees that stay keep their UIDs with a higher SEQUENCE, those that went are cancelled). A
 * version that cannot be read is said on the card, which goes on. A saved plan is sent to whoever pays by the
 * host's `plan-url`: the share sheet (a stubbed navigator.share), else the link copied, never a token; the link
 * opens the plan, read-only. A modifiable plan opened by its hash and changed replaces it too.
 */

import { DEMO_API_KEY } from '@fees-calculator/contract'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { expectAxeClean } from '../support/axe.ts'
import { keepPdf } from '../support/downloads.ts'
import { shortDate } from '../support/formats.ts'
import { describeEngines, type EngineSuite, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** Spaces as a PDF's text has them: Intl's narrow and no-break spaces are plain there. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
/** The UTC day of now, as the reference server dates a version it saves. */
const today = () => new Date().toISOString().slice(0, 10)

interface SavedPlan {
  versionHashCode: string
  versionNumber: number
  fees: { dueDate: string }[]
  replacedVersion: { versionHashCode: string; versionNumber: number | null } | null
}

/** Saves the portal's plan with `changes` to its input (18 fees, say), and gives the save's detail. */
async function saveVersion(suite: EngineSuite, changes: Record<string, unknown> = {}): Promise<SavedPlan> {
  const page = await suite.open('/demo/portal.html?lang=en')
  await page.loaded()
  if (Object.keys(changes).length) {
    await page.changeInput(changes)
    await page.event('calculationResultReceivedEvent', 2)
    await page.settled()
  }
  await page.click('[part=save-button]')
  const saved = (await page.event('feeOptionSelectedEvent')) as SavedPlan
  await page.close()
  if (page.reported!.length) throw new Error(`the page reported errors:\n${page.reported!.join('\n')}`)
  return saved
}

/** The portal, its plan then linked to `versionHashCode` by the host: a plan that replaces that version. */
async function replacing(suite: EngineSuite, versionHashCode: string, language = 'en', width?: number) {
  const page = await suite.open(`/demo/portal.html?lang=${language}`, width ? { width } : {})
  await page.loaded()
  await page.changeInput({ linkedVersionIdentifier: versionHashCode })
  await page.event('calculationResultReceivedEvent', 2)
  return page
}

/** Before and now as the card shows them: each row's figure, before, now, the word of its change, and its mark. */
function beforeAndNow(page: TestPage) {
  return page.evaluate(() =>
    [...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[part=before-and-now] tbody tr')].map(
      (row) => ({
        figure: row.getAttribute('data-figure'),
        mark: row.getAttribute('data-change'),
        cells: [...row.children].map((cell) => cell.textContent?.trim() ?? ''),
      }),
    ),
  )
}

/** The card's before and now, once read. */
const shown = (page: TestPage) => page.waitForInside('[part=before-and-now] tbody tr')

/** The events of an .ics as ical.js reads them: Thunderbird's own calendar parser. */
const eventsOf = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
const statusOf = (event: ICAL.Event) => event.component.getFirstPropertyValue('status')

describeEngines('a plan that changes', EVERY_ENGINE, (suite) => {
  it('replacing a saved version: before and now, marked in words and said once; saved linked; the event, PDF and .ics name it', async () => {
    // The saved version: 18 fees. The plan that replaces it: the portal's 12.
    const before = await saveVersion(suite, { numberOfFees: 18 })
    const page = await suite.open('/demo/portal.html?lang=en')
    await page.loaded()
    // Every text the announcement of what changed is given, from before the plan replaces anything.
    await page.evaluate(() => {
      const said: string[] = []
      Object.assign(window, { __said: said })
      const root = document.querySelector('fees-calculator')!.shadowRoot!
      new MutationObserver(() => {
        const text = root.querySelector('[data-announce=changes]')?.textContent ?? ''
        if (text && text !== said.at(-1)) said.push(text)
      }).observe(root, { subtree: true, childList: true, characterData: true })
    })
    // The plan's own calculation is held: nothing of the version it replaces may leave before its figures.
    const held = suite.pages.hold('/api/v1/Calculator/CalculateFeeOptions')
    await page.changeInput({ linkedVersionIdentifier: before.versionHashCode })
    await held.arrived
    const readOf = () => suite.pages.requests.filter((request) => /\/feestable\/|\/Version\/Number/.test(request.path))
    expect(readOf()).toEqual([])
    held.release()
    await page.event('calculationResultReceivedEvent', 2)
    await shown(page)
    // Read by its hash, then its number.
    expect(readOf().map((request) => request.path.replace(/\?.*/, ''))).toEqual([
      `/api/v1/Calculator/feestable/${before.versionHashCode}`,
      '/api/v1/Version/Number',
    ])

    expect(await page.text('[part=before-and-now] h3')).toBe('Before and now')
    await page.waitFor(
      'the version number in the caption',
      (n) =>
        document
          .querySelector('fees-calculator')!
          .shadowRoot!.querySelector('.fc-before-now-caption')!
          .textContent!.includes(`version ${n}`),
      before.versionNumber,
    )
    expect(await page.text('.fc-before-now-caption')).toBe(
      `Before: version ${before.versionNumber} (saved on ${shortDate('en', today())}).`,
    )
    const rows = await beforeAndNow(page)
    const byFigure = Object.fromEntries(rows.map((row) => [row.figure, row]))
    expect(rows.map((row) => row.figure)).toEqual([
      'feeAmount',
      'totalFees',
      'firstDueDate',
      'lastDueDate',
      'interests',
      'finalFee',
      'tae',
    ])
    expect(byFigure.totalFees).toEqual({
      figure: 'totalFees',
      mark: 'down',
      cells: ['Number of fees', '18', '12', 'Fewer'],
    })
    expect(byFigure.feeAmount?.cells[3]).toBe('Higher')
    expect(byFigure.finalFee?.cells[3]).toBe('Lower')
    expect(byFigure.firstDueDate).toMatchObject({
      mark: 'same',
      cells: ['First due date', expect.any(String), expect.any(String), 'No change'],
    })
    expect(byFigure.lastDueDate?.cells.slice(1)).toEqual([
      shortDate('en', before.fees.at(-1)!.dueDate),
      expect.any(String),
      'Earlier',
    ])
    expect(byFigure.feeAmount?.cells[2]).toBe(await page.text('[data-figure=feeAmount]'))
    // What changed is said to a screen reader once, in one sentence.
    const changed = rows.filter((row) => row.mark !== 'same').length
    await page.waitFor(
      'the announcement',
      (text) =>
        document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[data-announce=changes]')!.textContent ===
        text,
      `This plan replaces version ${before.versionNumber}: ${changed} figures change.`,
    )
    expect(await page.evaluate(() => (window as unknown as { __said: string[] }).__said)).toEqual([
      `This plan replaces version ${before.versionNumber}: ${changed} figures change.`,
    ])
    // Marked in colour as well as in words: a changed row has a background of its own.
    const backgrounds = await page.evaluate(() =>
      [
        ...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll('[part=before-and-now] tbody tr'),
      ].map((row) => getComputedStyle(row).backgroundColor),
    )
    expect(backgrounds[1]).not.toBe(backgrounds[2])
    await expectAxeClean(page, 'before and now')

    await page.click('[part=save-button]')
    const after = (await page.event('feeOptionSelectedEvent')) as SavedPlan
    expect(after.replacedVersion).toEqual({
      versionHashCode: before.versionHashCode,
      versionNumber: before.versionNumber,
    })
    expect(after.versionNumber).toBeGreaterThan(before.versionNumber)
    // The last due date the card showed is the one the API's schedule ends on.
    expect(byFigure.lastDueDate?.cells[2]).toBe(shortDate('en', after.fees.at(-1)!.dueDate))
    // What the server stored: the new version linked to the one it replaces.
    const stored = await fetch(`${suite.demo.url}/api/v1/Calculator/feestable/${after.versionHashCode}`, {
      headers: { 'X-Api-Key': DEMO_API_KEY },
    })
    expect((await stored.json()).tuitionInput.linkedVersionIdentifier).toBe(before.versionHashCode)
    // Saved, it still shows what it replaced.
    expect((await beforeAndNow(page)).map((row) => row.cells[2])).toEqual(rows.map((row) => row.cells[2]))

    await page.waitForInside('[data-download=ics]')
    await page.click('[data-download=pdf]')
    await page.downloaded(1)
    await page.click('[data-download=ics]')
    const [pdf, ics] = await page.downloaded(2)
    const text = plainSpaces(keepPdf(pdf!.bytes, `${page.engine}-plan-replacing-a-version`).text)
    expect(text).toContain(`Replaces version ${before.versionNumber}`)
    expect(text).toContain(`Replaced version hash ${before.versionHashCode}`)
    expect(text).toContain(`Replaced version saved on ${shortDate('en', today())}`)
    expect(text).toContain(after.versionHashCode)

    const events = eventsOf(ics!.text)
    const kept = events.filter((event) => statusOf(event) === 'CONFIRMED')
    const cancelled = events.filter((event) => statusOf(event) === 'CANCELLED')
    expect(kept.map((event) => event.startDate.toString())).toEqual(after.fees.map((fee) => fee.dueDate))
    expect(cancelled.map((event) => event.startDate.toString())).toEqual(
      before.fees.slice(12).map((fee) => fee.dueDate),
    )
    expect(events.map((event) => event.uid)).toEqual(
      before.fees.map((_, index) => `C-2026-0001-fee-${index + 1}@fees-calculator`),
    )
    expect(events.every((event) => event.sequence === after.versionNumber)).toBe(true)
    expect(new ICAL.Component(ICAL.parse(ics!.text)).getFirstPropertyValue('method')).toBe('PUBLISH')
  })

  it('a saved version that cannot be read: the card says so in the student’s language and goes on', async () => {
    const page = await replacing(suite, 'no-version-has-this-hash-0123', 'es')
    page.expectError(/replaced version read failed|404|Failed to load resource|failed to load /)
    await page.waitForInside('[data-replaced=unread]')
    expect(await page.text('[data-replaced=unread]')).toBe(
      'No se ha podido leer el plan guardado al que sustituye este, así que no se muestra a su lado. Las cifras de este plan están completas.',
    )
    expect(await page.text('[part=before-and-now] table')).toBeNull()
    // The plan goes on: its figures, and a save linked as the host asked.
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/€/)
    expect((await page.events()).filter((event) => event.name === 'invalidTuitionEvent')).toEqual([])
    await page.click('[part=save-button]')
    const saved = (await page.event('feeOptionSelectedEvent')) as SavedPlan
    expect(saved.replacedVersion).toEqual({ versionHashCode: 'no-version-has-this-hash-0123', versionNumber: null })
  })

  describe('sending the saved plan to whoever pays', () => {
    /** The portal with `plan-url`, its plan saved. */
    async function savedWithPlanUrl(planUrl: string | null, before?: (page: TestPage) => Promise<unknown>) {
      const page = await suite.open('/demo/portal.html?lang=en')
      await page.loaded()
      await page.evaluate((url) => {
        const element = document.querySelector('fees-calculator')!
        if (url === null) element.removeAttribute('plan-url')
        else element.setAttribute('plan-url', url)
      }, planUrl)
      await before?.(page)
      await page.click('[part=save-button]')
      const saved = (await page.event('feeOptionSelectedEvent')) as SavedPlan
      await page.waitForInside('[data-download=ics]')
      return { page, saved }
    }

    /** A share sheet that records what it was given (the Web Share API, stubbed), files allowed or not. */
    const stubShare = (page: TestPage, files: boolean) =>
      page.evaluate((canShareFiles) => {
        const shared: unknown[] = []
        Object.assign(window, { __shared: shared })
        Object.defineProperty(navigator, 'canShare', {
          configurable: true,
          value: (data: ShareData) => !data.files || canShareFiles,
        })
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: ShareData) => {
            shared.push({
              title: data.title,
              text: data.text,
              url: data.url,
              files: (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size })),
            })
          },
        })
      }, files)
    const sharedData = (page: TestPage) =>
      page.evaluate(() => (window as unknown as { __shared: Record<string, unknown>[] }).__shared)

    it('shares the link with the hash and the PDF where files can be shared, and no token; the host hears of it', async () => {
      const { page, saved } = await savedWithPlanUrl('/fees/{hash}', (page) => stubShare(page, true))
      const token = await page.evaluate(
        () =>
          (document.querySelector('fees-calculator') as unknown as { tuitionInput: { token: string } }).tuitionInput,
      )
      // The PDF maker is on hand once a PDF was made: the sheet gets the file at once, within the press.
      await page.click('[data-download=pdf]')
      await page.downloaded(1)
      expect(await page.text('[data-share=payer]')).toBe('Send to whoever pays')
      await page.click('[data-share=payer]')
      const detail = await page.event('planShareEvent')
      const link = `${suite.origin}/fees/${saved.versionHashCode}`
      expect(detail).toEqual({
        method: 'share',
        url: link,
        withPdf: true,
        contractId: 'C-2026-0001',
        versionNumber: saved.versionNumber,
        versionHashCode: saved.versionHashCode,
      })
      const [data] = await sharedData(page)
      expect(data).toEqual({
        title: 'Payment plan: Grado en Ingeniería Informática',
        text: `Version ${saved.versionNumber} of the plan: 12 monthly fees of ${await page.text('[data-figure=feeAmount]')}.`,
        url: link,
        files: [
          { name: `plan-C-2026-0001-v${saved.versionNumber}.pdf`, type: 'application/pdf', size: expect.any(Number) },
        ],
      })
      const sent = JSON.stringify(data)
      const { token: bearer } = typeof token === 'string' ? JSON.parse(token) : token
      expect(bearer.length).toBeGreaterThan(20)
      expect(sent).not.toContain(bearer)
      expect(sent).not.toMatch(/token|bearer|api-?key/i)
      // Nothing is said on the card: the sheet was the answer.
      expect(await page.text('.fc-share-note')).toBe('')
      const fee = await page.text('[data-figure=feeAmount]')
      await page.close()

      // The link opens the plan by its hash, read-only.
      const payer = await suite.open(new URL(link).pathname)
      await payer.loaded()
      expect(await payer.text('[data-figure=feeAmount]')).toBe(fee)
      expect(await payer.text('[part=save-button]')).toBeNull()
    })

    it('shares the link alone where files cannot be shared', async () => {
      const { page } = await savedWithPlanUrl('https://portal.example.edu/plan/{hash}?from=card', (page) =>
        stubShare(page, false),
      )
      await page.click('[data-download=pdf]')
      await page.downloaded(1)
      await page.click('[data-share=payer]')
      const detail = await page.event('planShareEvent')
      expect(detail).toMatchObject({ method: 'share', withPdf: false })
      expect(detail.url).toBe(`https://portal.example.edu/plan/${detail.versionHashCode}?from=card`)
      expect((await sharedData(page))[0]).toMatchObject({ url: detail.url, files: [] })
    })

    it('without a share sheet, copies the link and says so; where it cannot be copied, shows it to copy by hand', async () => {
      const { page, saved } = await savedWithPlanUrl('/fees/{hash}', (page) =>
        page.evaluate(() => {
          const copied: string[] = []
          Object.assign(window, { __copied: copied })
          Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
          Object.defineProperty(navigator, 'clipboard', {
            configurable: true,
            value: { writeText: async (text: string) => void copied.push(text) },
          })
        }),
      )
      const link = `${suite.origin}/fees/${saved.versionHashCode}`
      await page.click('[data-share=payer]')
      expect(await page.event('planShareEvent')).toMatchObject({ method: 'copy', url: link, withPdf: false })
      expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([link])
      await page.waitForInside('.fc-share-note[data-shared=copied] input')
      expect(await page.text('.fc-share-note label')).toBe('Link copied. Send it to whoever pays:')
      expect(
        await page.evaluate(
          () =>
            (document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-share-link') as HTMLInputElement)
              .value,
        ),
      ).toBe(link)

      // A clipboard that refuses: the link to copy by hand, and the host hears of no link sent.
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          configurable: true,
          value: { writeText: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')) },
        })
      })
      await page.click('[data-share=payer]')
      await page.waitForInside('.fc-share-note[data-shared=to-copy] input')
      expect(await page.text('.fc-share-note label')).toBe('Copy this link and send it to whoever pays:')
      expect((await page.events()).filter((event) => event.name === 'planShareEvent')).toHaveLength(1)
    })

    it('offers no button without a plan-url, nor with one that has no {hash}', async () => {
      const { page } = await savedWithPlanUrl(null)
      expect(await page.text('[data-share=payer]')).toBeNull()
      await page.evaluate(() =>
        document.querySelector('fees-calculator')!.setAttribute('plan-url', 'https://portal.example.edu/plan'),
      )
      await page.waitFor('the console to say why', () =>
        (window as unknown as { __probe: { console: string[] } }).__probe.console.some((line) =>
          line.includes('plan-url "https://portal.example.edu/plan" has no {hash}'),
        ),
      )
      expect(await page.text('[data-share=payer]')).toBeNull()
      await page.close()
      // Before a save there is nothing to send, whatever the pattern.
      const unsaved = await suite.open('/demo/portal.html?lang=en')
      await unsaved.loaded()
      await unsaved.evaluate(() => document.querySelector('fees-calculator')!.setAttribute('plan-url', '/fees/{hash}'))
      await unsaved.waitForInside('[data-download=pdf]')
      expect(await unsaved.text('[data-share=payer]')).toBeNull()
    })
  })

  describe.each([
    ['es', 'Antes y ahora', 'Menos', 'Enviar a quien paga'],
    ['eu', 'Lehen eta orain', 'Gutxiago', 'Bidali ordaintzen duenari'],
  ])('in %s', (language, title, fewer, send) => {
    it.each([1100, 375])(
      'at %i px: before and now and sending the plan, in its words, inside the card',
      async (width) => {
        const before = await saveVersion(suite, { numberOfFees: 18 })
        const page = await replacing(suite, before.versionHashCode, language, width)
        await shown(page)
        await page.waitFor('the version number', () =>
          /\d/.test(
            document.querySelector('fees-calculator')!.shadowRoot!.querySelector('.fc-before-now-caption')!
              .textContent!,
          ),
        )
        expect(await page.text('[part=before-and-now] h3')).toBe(title)
        expect((await beforeAndNow(page)).find((row) => row.figure === 'totalFees')?.cells[3]).toBe(fewer)
        // Nothing runs out of the card at this width.
        const overflow = await page.evaluate(() => {
          const section = document.querySelector('fees-calculator')!.shadowRoot!.querySelector('[part=before-and-now]')!
          return section.scrollWidth - section.clientWidth
        })
        expect(overflow).toBeLessThanOrEqual(0)
        await page.screenshot(`${page.engine}-${width}-${language}-before-and-now`)

        await page.evaluate(() => {
          const element = document.querySelector('fees-calculator')!
          element.setAttribute('plan-url', '/fees/{hash}')
          Object.defineProperty(navigator, 'share', { configurable: true, value: undefined })
          Object.defineProperty(navigator, 'clipboard', {
            configurable: true,
            value: { writeText: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')) },
          })
        })
        await page.click('[part=save-button]')
        await page.event('feeOptionSelectedEvent')
        await page.waitForInside('[data-share=payer]')
        expect(await page.text('[data-share=payer]')).toBe(send)
        await page.click('[data-share=payer]')
        await page.waitForInside('.fc-share-note input')
        await expectAxeClean(page, 'the link to copy by hand')
        await page.screenshot(`${page.engine}-${width}-${language}-send-to-payer`)
      },
    )
  })
})

describeEngines(
  'a modifiable plan opened by its hash and changed',
  EVERY_ENGINE,
  (suite) => {
    it('replaces the version opened: before and now once changed, and a save linked to it', async () => {
      const first = await suite.open('/demo/portal.html?lang=en')
      await first.loaded()
      await first.click('[part=save-button]')
      const opened = (await first.event('feeOptionSelectedEvent')) as SavedPlan
      await first.close()

      const page = await suite.open(`/fees/${opened.versionHashCode}`)
      await page.loaded()
      // The version opened is on screen: nothing beside it yet.
      expect(await page.text('[part=before-and-now]')).toBeNull()
      await page.evaluate(() => {
        const select = document
          .querySelector('fees-calculator')!
          .shadowRoot!.querySelector('[part=fee-select]') as HTMLSelectElement
        select.value = '15'
        select.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
        select.dispatchEvent(new Event('change', { bubbles: true }))
      })
      await shown(page)
      const rows = await beforeAndNow(page)
      expect(rows.find((row) => row.figure === 'totalFees')?.cells).toEqual(['Number of fees', '12', '15', 'More'])
      expect(await page.text('.fc-before-now-caption')).toMatch(
        new RegExp(`^Before: version ${opened.versionNumber} \\(saved on `),
      )
      await page.click('[part=save-button]')
      const saved = (await page.event('feeOptionSelectedEvent')) as SavedPlan
      expect(saved.replacedVersion).toEqual({
        versionHashCode: opened.versionHashCode,
        versionNumber: opened.versionNumber,
      })
      const stored = await fetch(`${suite.demo.url}/api/v1/Calculator/feestable/${saved.versionHashCode}`, {
        headers: { 'X-Api-Key': DEMO_API_KEY },
      })
      expect((await stored.json()).tuitionInput.linkedVersionIdentifier).toBe(opened.versionHashCode)
    })
  },
  { env: { FEES_EDITABLE_SAVED: 'true' } },
)
