/**
 * The server renderer's text against the client's, for generated fees tables in the six languages, in Chromium,
 * Firefox and WebKit: the card fees-calculator/server renders in Node (its Intl) reads, character for character, as
 * the card the element draws in the browser from the same answer (the engine's Intl), and as the card the element
 * took over from the server.
 */
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { LANGUAGES } from '../../src/domain/language.ts'
import type { FeesTableResult } from '../../src/domain/types.ts'
import { feesTable } from '../support/arbitraries.ts'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE } from '../support/harness.ts'

type Renderer = typeof import('../../src/server.ts')
const renderer = () =>
  import(pathToFileURL(join(resolve(import.meta.dirname, '../..'), 'dist/server.js')).href) as Promise<Renderer>

/** Tables a language is checked with: the same in every run and engine. */
const TABLES_A_LANGUAGE = 3
const tablesFor = (index: number) => fc.sample(feesTable, { seed: 47 + index, numRuns: TABLES_A_LANGUAGE })

/** The input a table answers: an ERP system's, which calls the Anonymous endpoint and needs no token. */
function inputFor(language: string, table: FeesTableResult) {
  const amount =
    table.financeType === 1 ? { amountToRefinance: table.amountToFinance } : { finalAmount: table.amountToFinance }
  return tuitionInput({
    language,
    system: 3,
    token: null,
    currency: table.currency,
    financialType: table.financeType,
    dateOfPayment: table.firstPaymentDate,
    numberOfFees: table.totalFees,
    studyIdName: 'Grado en Historia',
    ...amount,
  })
}

/**
 * A card's text and its fields' values: what a student reads, but the save bar, which comes after the first render
 * (a server renders its place; the element draws it once the card is taken over).
 */
function readCard(html: string) {
  const read = (card: Element | null | undefined) => {
    if (!card) return null
    const copy = card.cloneNode(true) as Element
    for (const bar of copy.querySelectorAll('.fc-actions')) bar.replaceChildren()
    return [copy.textContent, ...[...copy.querySelectorAll('input')].map((input) => input.value)]
  }
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const ofElement = (id: string) => read(document.getElementById(id)?.shadowRoot?.querySelector('.fc'))
  return {
    server: read(parsed.querySelector('template')?.content.querySelector('.fc')),
    rendered: ofElement('rendered'),
    client: ofElement('client'),
  }
}

describeEngines('the server renderer’s text', EVERY_ENGINE, (suite) => {
  for (const [index, language] of LANGUAGES.entries())
    it(`equals the client's for generated fees tables in ${language}`, async () => {
      const { renderFeesCalculator } = await renderer()
      for (const table of tablesFor(index)) {
        const input = inputFor(language, table)
        const html = await renderFeesCalculator(
          { tuitionInput: input, attributes: { id: 'rendered' } },
          { answer: table },
        )
        expect(html).toContain('shadowrootmode')
        const lift = suite.pages.answer('/api/v1/Calculator/CalculateFeeOptionsAnonymous', () => ({
          body: JSON.stringify(table),
          contentType: 'application/json',
        }))
        // The parts a card draws later, with their chunks (the calendar, the plan's downloads), wait, and the save bar
        // is left out: what is compared is the first render, the one a server's card stands for.
        for (const chunk of ['CalendarPicker', 'Schedule'])
          suite.pages.hold(new RegExp(`/chunks/${chunk}-[\\w-]+\\.js$`))
        const attribute = JSON.stringify(input).replace(/&/g, '&amp;').replace(/'/g, '&#39;')
        const page = await suite.open('', {
          html: `<!doctype html><html lang="es"><head><meta charset="utf-8" /><script type="module" src="/dist/fees-calculator.js"></script></head><body>${html}<fees-calculator id="client" tuition-input='${attribute}'></fees-calculator></body></html>`,
        })
        await page.loaded('#rendered')
        await page.loaded('#client')
        const texts = await page.evaluate(readCard, html)
        expect(texts.server?.[0]).toMatch(/\d/)
        const said = (text: string[] | null) => text?.join('\n')
        expect(said(texts.client), `${language}: ${JSON.stringify(table)}`).toBe(said(texts.server))
        expect(said(texts.rendered)).toBe(said(texts.server))
        await page.close()
        lift()
      }
    })
})
