/**
 * The languages. The six of them in Chromium, Firefox and WebKit: the figures in
 * each language's own formats, the same in every engine whatever its Intl data
 * (test/support/formats.ts writes them out by hand), the card's words, the
 * calendar's day names and its first day of the week (date-fns's locale; its
 * words: calendar-words.test.ts), a message on the card (a refused amount),
 * the status of a save and the schedule with its dated rows, all in the
 * language of the input, the card's root carrying its `lang`, and axe finding
 * nothing. A page error or console error fails the test (describeEngines).
 * And at run time, in
 * Chromium: a new `language` in the input changes every word at once and
 * keeps the plan, the choice, the lock and the schedule, with no request
 * sent; a tag the calculator does not speak gives Spanish with one warning;
 * words that cannot be fetched leave the card whole, in Spanish, with the
 * usual notice.
 */

import { readFileSync } from 'node:fs'
import { format } from 'date-fns'
import { ca } from 'date-fns/locale/ca'
import { enGB } from 'date-fns/locale/en-GB'
import { es } from 'date-fns/locale/es'
import { eu } from 'date-fns/locale/eu'
import { gl } from 'date-fns/locale/gl'
import { pt } from 'date-fns/locale/pt'
import { expect, it } from 'vitest'
import type { Language } from '../../src/domain/language.ts'
import { expectAxeClean } from '../support/axe.ts'
import { euros, fieldDate, percent, shortDate } from '../support/formats.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** What each language must show: its calendar's locale, and words the card says. */
const LANGUAGE_CASES: Record<
  Language,
  { dates: typeof es; monthly: string; save: string; saved: string; refused: string; fee: string }
> = {
  es: {
    dates: es,
    monthly: 'Mensual',
    save: 'GUARDAR',
    saved: 'Plan guardado',
    refused: 'Introduce un importe en cifras, por ejemplo 6000 o 6000,50',
    fee: 'Cuota',
  },
  en: {
    dates: enGB,
    monthly: 'Monthly',
    save: 'SAVE',
    saved: 'Plan saved',
    refused: 'Enter an amount in figures, such as 6000 or 6000.50',
    fee: 'Fee',
  },
  ca: {
    dates: ca,
    monthly: 'Mensual',
    save: 'DESA',
    saved: 'Pla desat',
    refused: 'Escriu un import en xifres, per exemple 6000 o 6000,50',
    fee: 'Quota',
  },
  eu: {
    dates: eu,
    monthly: 'Hilekoa',
    save: 'GORDE',
    saved: 'Plana gorde da',
    refused: 'Idatzi zenbatekoa zifratan, adibidez 6000 edo 6000,50',
    fee: 'Kuota',
  },
  gl: {
    dates: gl,
    monthly: 'Mensual',
    save: 'GARDAR',
    saved: 'Plan gardado',
    refused: 'Escribe un importe en cifras, por exemplo 6000 ou 6000,50',
    fee: 'Cota',
  },
  pt: {
    dates: pt,
    monthly: 'Mensal',
    save: 'GUARDAR',
    saved: 'Plano guardado',
    refused: 'Introduza um montante em algarismos, por exemplo 6000 ou 6000,50',
    fee: 'Prestação',
  },
}

const inside = (page: TestPage, selector: string) =>
  page.evaluate(
    (s) =>
      [...document.querySelector('fees-calculator')!.shadowRoot!.querySelectorAll(s)].map(
        (el) => el.textContent?.trim() ?? '',
      ),
    selector,
  )

describeEngines('<fees-calculator> in each of its languages', EVERY_ENGINE, (suite) => {
  it.each(Object.keys(LANGUAGE_CASES) as Language[])(
    '%s: figures, calendar, a message on the card, a save and its schedule, in its words and formats',
    async (language) => {
      const want = LANGUAGE_CASES[language]
      const page = await suite.open(`/demo/portal.html?lang=${language}`)
      const result = await page.event('calculationResultReceivedEvent')
      await page.loaded()
      expect(
        await page.evaluate(
          () => document.querySelector('fees-calculator')!.shadowRoot!.querySelector<HTMLElement>('.fc')!.lang,
        ),
      ).toBe(language)
      expect(result.currency).toBe('EUR')
      expect(await page.text('[data-figure=feeAmount]')).toBe(euros(language, result.feeAmount))
      expect(await page.text('[data-figure=finalFee]')).toBe(euros(language, result.finalFee))
      expect(await page.text('[data-figure=tin]')).toBe(percent(language, result.tin))
      expect(await page.text('[data-figure=tae]')).toBe(percent(language, result.tae))
      expect(await page.text('button[part=date]')).toBe(fieldDate(language, result.firstPaymentDate))
      expect(await page.text('.fc-chip')).toBe(want.monthly)
      expect(await page.text('[part=save-button]')).toBe(want.save)
      await expectAxeClean(page, `${language}, editable`)

      // A message on the card: an amount in words is refused at its field, in the language.
      await page.click('input[data-figure=initialAmount]')
      await page.type('seis mil')
      await page.press('Enter')
      await page.waitForInside('.fc-field-error')
      expect(await page.text('.fc-field-error')).toContain(want.refused)
      await page.press('Escape')
      await page.settled()

      // The calendar: its first day of the week by the language's date-fns locale (its words by the language's
      // grammar: calendar-words.test.ts).
      await page.calendarReady()
      await page.click('button[part=date]')
      await page.waitForInside('.react-datepicker__day--selected')
      // The first column is the locale's first day of the week (Monday; Sunday in Portugal), its name for screen
      // readers then its short form.
      const firstDay = new Date(2030, 0, 6 + (want.dates.options?.weekStartsOn ?? 0), 12)
      expect((await inside(page, '.react-datepicker__day-name'))[0]).toBe(
        format(firstDay, 'EEEE', { locale: want.dates }) + format(firstDay, 'EEEEEE', { locale: want.dates }),
      )
      await page.press('Escape')
      await page.waitForGone('.react-datepicker')

      // A save: its status and the schedule, its headings and dated rows in the language's formats.
      await page.click('[part=save-button]')
      const saved = await page.event('feeOptionSelectedEvent')
      await page.waitForInside('[part=schedule] tbody tr')
      expect(await page.text('.fc-saved')).toBe(want.saved)
      const row = saved.fees[0]
      const cells = await inside(page, '[part=schedule] tbody tr:first-child td')
      expect(cells.slice(1, 3)).toEqual([shortDate(language, row.dueDate), euros(language, row.fee)])
      expect(cells[5]).toBe(euros(language, row.balance))
      expect(await inside(page, '[part=schedule] th')).toContain(want.fee)
      await expectAxeClean(page, `${language}, saved`)
      await page.screenshot(`${suite.engine}-saved-${language}`)
    },
  )
})

/**
 * Records, at every change of the card, its language and whether its text holds a word of `words`' languages
 * other than its own: a frame with two languages on screen.
 */
function watchMixedFrames(page: TestPage, words: Record<string, string[]>): Promise<void> {
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
const RUN_TIME_WORDS = {
  es: ['Cuota mensual', 'Cuadro de amortización', 'Vencimiento', 'Matrícula'],
  eu: ['Hileko kuota', 'Amortizazio-taula', 'Mugaeguna', 'Matrikula'],
}

/** A frame, then a moment: what a change would have done by then is on screen and on the wire. */
const aMoment = (page: TestPage) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))))

describeEngines('the language at run time, in Chromium', ['chromium'], (suite) => {
  /** The API requests the pages sent so far in this test. */
  const apiRequests = () => suite.pages.requests.filter((request) => request.path.startsWith('/api/'))

  it('changes every word at once, keeps the plan, the choice, the lock and the schedule, and sends nothing', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    const pw = page.playwright
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    // A choice of the student's: 18 fees instead of the input's 12, then saved.
    await pw.locator('fees-calculator [part=fee-select]').selectOption('18')
    await page.event('calculationResultReceivedEvent', 2)
    await page.settled()
    await page.click('[part=save-button]')
    const saved = await page.event('feeOptionSelectedEvent')
    await page.waitForInside('[part=schedule] tbody tr')
    const before = {
      fees: await pw
        .locator('fees-calculator [part=fee-select]')
        .inputValue()
        .catch(() => null),
      version: await page.text('[data-figure=versionNumber]'),
      rows: await pw.locator('fees-calculator [part=schedule] tbody tr').count(),
    }
    const sent = apiRequests().length
    await watchMixedFrames(page, RUN_TIME_WORDS)

    await page.changeInput({ language: 'eu-ES' })
    await page.waitForInside('.fc[lang=eu][data-state=locked]')
    expect(await page.text('[part=schedule] th:nth-child(2)')).toBe('Mugaeguna')
    expect(await page.text('.fc-saved')).toBe('Plana gorde da')
    expect(await pw.locator('fees-calculator [part=schedule] tbody tr').count()).toBe(before.rows)
    expect(before.rows).toBe(saved.fees.length)
    expect(await page.text('[data-figure=versionNumber]')).toBe(before.version)
    expect(
      await pw
        .locator('fees-calculator [part=fee-select]')
        .inputValue()
        .catch(() => null),
    ).toBe(before.fees)
    // A token-only refresh after it sends nothing either, and keeps Basque.
    await page.changeInput({ language: 'eu-ES', token: 'fresh-token' })
    await aMoment(page)
    expect(await pw.locator('fees-calculator .fc[lang=eu]').count()).toBe(1)
    // And back to Spanish, whose words are always on hand.
    await page.changeInput({ language: 'es' })
    await page.waitForInside('.fc[lang=es][data-state=locked]')
    expect(await page.text('[part=schedule] th:nth-child(2)')).toBe('Vencimiento')
    await aMoment(page)
    expect(apiRequests().length).toBe(sent)
    expect(await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).toEqual([])
  })

  it('gives Spanish for a tag it does not speak, with one warning naming it and the six it knows', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.event('calculationResultReceivedEvent')
    await page.settled()
    await page.changeInput({ language: 'fr-FR' })
    await page.changeInput({ language: 'fr-FR', token: 'another' })
    await aMoment(page)
    expect(await page.playwright.locator('fees-calculator .fc[lang=es]').count()).toBe(1)
    const warnings = (await page.console()).filter((line) => line.toLowerCase().includes('fr-fr'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/^warning: .*"fr-fr".*es, en, ca, eu, gl, pt/i)
  })

  it('stays whole, in Spanish, with the Spanish chunk-failure notice, when its words cannot be fetched', async () => {
    const entry = readFileSync('dist/fees-calculator.js', 'utf8')
    const words = /"words-gl":\[\["([^"]+)"/.exec(entry)?.[1]
    expect(words).toMatch(/^chunks\/gl-/)
    suite.pages.block(`/dist/${words}`)
    const page = await suite.open('/demo/portal.html?lang=gl')
    // The failed load is said on the console by the browser and by the widget: the test's own.
    page.expectError(/ERR_EMPTY_RESPONSE|Loading chunk failed|^failed to load /)
    await page.event('calculationResultReceivedEvent')
    await page.waitForInside('.fc[lang=es][data-state=loaded]')
    await page.settled()
    expect(await page.text('[part=save-button]')).toBe('GUARDAR')
    await page.waitForInside('[data-sonner-toast][data-type=error]')
    expect(await page.text('[data-sonner-toast]')).toContain('No se ha podido cargar una parte de la calculadora')
  })
})
