// The language at run time, in Chromium: a new `language` in the input changes every word at once and keeps the
// plan, the choice, the lock and the schedule, with no request sent; a tag the calculator does not speak gives
// Spanish with one warning; words that cannot be fetched leave the card whole, in Spanish, with the usual notice.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Page } from './harness.ts'
import { settled, text, waitForEvent } from './screen-helpers.ts'

const suite = browserSuite()

/** The portal page in `language`, with the API requests it sends counted. */
async function open(language: string, before?: (page: Page) => Promise<void>) {
  const requests: string[] = []
  const page = await suite.open(`/demo/portal.html?lang=${language}`, {
    before: async (page) => {
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (pathname.startsWith('/api/')) requests.push(`${request.method()} ${pathname}`)
      })
      await before?.(page)
    },
  })
  return { page, requests, log: suite.logOf(page) }
}

/** Gives the element its input again with `change` applied, as a host does through the property. */
function setInput(page: Page, change: Record<string, unknown>): Promise<void> {
  return page.evaluate((patch) => {
    const element = document.querySelector('fees-calculator') as HTMLElement & { tuitionInput: unknown }
    // The portal page gave it as an attribute, which the property reads back as its text.
    const given = element.tuitionInput
    const input = typeof given === 'string' ? JSON.parse(given) : given
    element.tuitionInput = { ...(input as object), ...patch }
  }, change)
}

/**
 * Records, at every change of the card, its language and whether its text holds a word of `words`' languages
 * other than its own: a frame with two languages on screen.
 */
function watchMixedFrames(page: Page, words: Record<string, string[]>): Promise<void> {
  return page.evaluate((table) => {
    const root = document.querySelector('fees-calculator')!.shadowRoot!
    const frames: string[] = []
    ;(window as unknown as { __frames: string[] }).__frames = frames
    const check = () => {
      const card = root.querySelector<HTMLElement>('.fc')
      if (!card) return
      const shown = card.textContent ?? ''
      for (const [language, list] of Object.entries(table))
        if (language !== card.lang)
          for (const word of list) if (shown.includes(word)) frames.push(`${card.lang} shows ${language}'s "${word}"`)
    }
    new MutationObserver(check).observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
  }, words)
}

/** Words only one of the two languages has on the saved card. */
const WORDS = {
  es: ['Cuota mensual', 'Cuadro de amortización', 'Vencimiento', 'Matrícula'],
  eu: ['Hileko kuota', 'Amortizazio-taula', 'Mugaeguna', 'Matrikula'],
}

describe('the language at run time', () => {
  it('changes every word at once, keeps the plan, the choice, the lock and the schedule, and sends nothing', async () => {
    const { page, requests, log } = await open('es')
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    // A choice of the student's: 18 fees instead of the input's 12, then saved.
    await page.locator('fees-calculator [part=fee-select]').selectOption('18')
    await waitForEvent(page, 'calculationResultReceivedEvent', 2)
    await settled(page)
    await page.locator('fees-calculator [part=save-button]').click()
    const saved = await waitForEvent(page, 'feeOptionSelectedEvent')
    await page.locator('fees-calculator [part=schedule] tbody tr').first().waitFor()
    const before = {
      fees: await page
        .locator('fees-calculator [part=fee-select]')
        .inputValue()
        .catch(() => null),
      version: await text(page, '[data-figure=versionNumber]'),
      rows: await page.locator('fees-calculator [part=schedule] tbody tr').count(),
    }
    const sent = requests.length
    await watchMixedFrames(page, WORDS)

    await setInput(page, { language: 'eu-ES' })
    await page.locator('fees-calculator .fc[lang=eu][data-state=locked]').waitFor()
    expect(await text(page, '[part=schedule] th:nth-child(2)')).toBe('Mugaeguna')
    expect(await text(page, '.fc-saved')).toBe('Plana gorde da')
    expect(await page.locator('fees-calculator [part=schedule] tbody tr').count()).toBe(before.rows)
    expect(before.rows).toBe(saved.fees.length)
    expect(await text(page, '[data-figure=versionNumber]')).toBe(before.version)
    expect(
      await page
        .locator('fees-calculator [part=fee-select]')
        .inputValue()
        .catch(() => null),
    ).toBe(before.fees)
    // A token-only refresh after it sends nothing either, and keeps Basque.
    await setInput(page, { language: 'eu-ES', token: 'fresh-token' })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    expect(await page.locator('fees-calculator .fc[lang=eu]').count()).toBe(1)
    // And back to Spanish, whose words are always on hand.
    await setInput(page, { language: 'es' })
    await page.locator('fees-calculator .fc[lang=es][data-state=locked]').waitFor()
    expect(await text(page, '[part=schedule] th:nth-child(2)')).toBe('Vencimiento')
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    expect(requests.length).toBe(sent)
    expect(await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).toEqual([])
    expect(log.errors).toEqual([])
    await page.close()
  })

  it('gives Spanish for a tag it does not speak, with one warning naming it and the six it knows', async () => {
    const { page, log } = await open('es')
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await settled(page)
    await setInput(page, { language: 'fr-FR' })
    await setInput(page, { language: 'fr-FR', token: 'another' })
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))
    expect(await page.locator('fees-calculator .fc[lang=es]').count()).toBe(1)
    const warnings = log.console.filter((line) => line.toLowerCase().includes('fr-fr'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^warning: .*"fr-fr".*es, en, ca, eu, gl, pt/i)
    await page.close()
  })

  it('stays whole, in Spanish, with the "Loading chunk failed" notice, when its words cannot be fetched', async () => {
    const entry = readFileSync('dist/fees-calculator.js', 'utf8')
    const words = /"words-gl":\[\["([^"]+)"/.exec(entry)?.[1]
    expect(words).toMatch(/^chunks\/gl-/)
    const { page, log } = await open('gl', async (page) => {
      await page.route(`**/dist/${words}`, (route) => route.abort())
    })
    await waitForEvent(page, 'calculationResultReceivedEvent')
    await page.locator('fees-calculator .fc[lang=es][data-state=loaded]').waitFor()
    expect(await text(page, '[part=save-button]')).toBe('GUARDAR')
    await page.locator('fees-calculator [data-sonner-toast][data-type=error]').waitFor()
    expect(await text(page, '[data-sonner-toast]')).toContain('Loading chunk failed')
    expect(log.errors).toEqual([])
    await page.close()
  })
})
