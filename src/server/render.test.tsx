// @vitest-environment node
// The server renderer as a portal's server runs it: in plain Node, with no DOM; its calls against real HTTP servers.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../server/test/support/reference-server.ts'
import { feesTable } from '../../test/support/arbitraries.ts'
import { standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { euros, fieldDate, percent } from '../../test/support/formats.ts'
import { type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import type { TuitionPayload } from '../domain/types.ts'
import { renderFeesCalculator, renderFeesCalculatorFromApi } from '../server.ts'

const input = tuitionInput({ token: 'tok-secret-1', language: 'es', studyIdName: 'Grado en Historia' })
const table = standInFeesTable(input, { feeAmount: 512.34, interests: 148.08, tin: 0.0495, tae: 0.0506 })

/** The card's text as a reader gets it from the HTML: tags and comments out, entities read. */
function textOf(html: string): string {
  const card = /<fieldset data-fc-rendered[^>]*>([\s\S]*)<\/fieldset><\/template>/.exec(html)?.[1] ?? ''
  return card
    .replace(/<!--[\s\S]*?-->|<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#x27);/g,
      (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[entity] ?? "'",
    )
    .replace(/[ \t\r\n]+/g, ' ')
}

/** The props the client takes the card over with, as the HTML carries them. */
const propsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" data-fc-rendered>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null')

describe('fees-calculator/server', () => {
  describe('from an answer', () => {
    it('renders the element with the card, its styles and figures in a declarative shadow root', async () => {
      const html = await renderFeesCalculator(
        { tuitionInput: input, attributes: { id: 'calculator' } },
        { answer: table },
      )
      expect(html).toMatch(/^<fees-calculator tuition-input="[^"]*" id="calculator"><template shadowrootmode="open">/)
      expect(html).toMatch(/<\/template><\/fees-calculator>$/)
      expect(/<style data-fc-rendered>([\s\S]*?)<\/style>/.exec(html)?.[1]).toMatch(/:host\s*\{\s*display:\s*block/)
      // Disabled and busy until the element takes it over.
      expect(html).toContain(
        '<fieldset data-fc-rendered disabled aria-busy="true"><div class="fc" part="base" lang="es"',
      )
      const text = textOf(html)
      for (const shown of [
        'Grado en Historia',
        euros('es', 512.34),
        euros('es', 148.08),
        percent('es', 0.0495),
        percent('es', 0.0506),
        fieldDate('es', '2027-01-05'),
        'Aviso legal',
      ])
        expect(text).toContain(shown)
      expect(propsOf(html)).toEqual({
        given: { tuitionInput: JSON.stringify({ ...input, token: undefined }) },
        answers: [{ api: 'calculateFeeOptions', value: table }],
      })
    })

    it('speaks the input’s language, with that language’s words and formats', async () => {
      const html = await renderFeesCalculator({ tuitionInput: { ...input, language: 'eu' } }, { answer: table })
      const text = textOf(html)
      expect(html).toContain('lang="eu"')
      expect(text).toContain(euros('eu', 512.34))
      expect(text).toContain(percent('eu', 0.0495))
      expect(text).toContain(fieldDate('eu', '2027-01-05'))
      expect(text).toContain('Lege-oharra')
    })

    it('renders a saved version in the page’s language, its number kept for the save bar that follows, and no SAVE', async () => {
      const saved = { result: { ...table, isModificable: false }, tuitionInput: { ...input, token: undefined } }
      const html = await renderFeesCalculator(
        { versionHashCode: 'AbC_123', lang: 'en', showFooter: false },
        { answer: saved, versionNumber: 3 },
      )
      expect(html).toMatch(/^<fees-calculator lang="en" version-hash-code="AbC_123" show-footer="false">/)
      expect(textOf(html)).toContain(euros('en', 512.34))
      // The save bar (the version's number, SAVE) comes after the first figures, in the browser: the card has its place.
      expect(html).toContain('<div class="fc-actions"></div></section>')
      expect(html).not.toContain('data-figure="versionNumber"')
      expect(html).not.toContain('part="save-button"')
      expect(html).not.toContain('class="fc-footer"')
      expect(propsOf(html).answers.map((answer: { api: string }) => answer.api)).toEqual(['feesTable', 'versionNumber'])
    })

    it('renders the element without figures, as it starts without a server, for an answer the widget would refuse', async () => {
      for (const answer of [{ ...table, feeAmount: 'five' }, null, 'not a table', { ...table, totalFees: 0 }]) {
        const html = await renderFeesCalculator({ tuitionInput: input }, { answer })
        expect(html).toMatch(/^<fees-calculator tuition-input="[^"]*"><\/fees-calculator>$/)
      }
      // No input, or one the element refuses: nothing to show either.
      expect(await renderFeesCalculator({}, { answer: table })).toBe('<fees-calculator></fees-calculator>')
      expect(
        await renderFeesCalculator({ tuitionInput: { ...input, system: 99 as never } }, { answer: table }),
      ).toMatch(/^<fees-calculator tuition-input="[^"]*"><\/fees-calculator>$/)
    })

    it('escapes what it writes, and leaves out attributes that are not names', async () => {
      const html = await renderFeesCalculator(
        {
          tuitionInput: { ...input, studyIdName: '</script><b>"Historia" & Arte</b>' },
          attributes: { class: 'a"b', 'on click': 'x', required: true, hidden: false },
        },
        { answer: table },
      )
      expect(html).toContain('class="a&quot;b" required>')
      expect(html).not.toContain('on click')
      expect(html).not.toContain('<b>')
      expect(textOf(html)).toContain('</script><b>"Historia" & Arte</b>')
      expect(propsOf(html).given.tuitionInput).toContain('</script><b>')
    })
  })

  describe('the token', () => {
    /** A token, a key and a cookie value the HTML must never hold, in any form (as text, in JSON, escaped). */
    const secret = fc.stringMatching(/^[A-Za-z0-9._~+/=-]{12,64}$/)
    const forms = (value: string) => [
      value,
      JSON.stringify(value).slice(1, -1),
      value.replace(/[&"<>]/g, (c) => `&${{ '&': 'amp', '"': 'quot', '<': 'lt', '>': 'gt' }[c]};`),
    ]

    it('is never written, from an answer, whatever the input and settings', async () => {
      await fc.assert(
        fc.asyncProperty(
          secret,
          fc.constantFrom('es', 'en', 'ca', 'eu', 'gl', 'pt'),
          feesTable,
          fc.boolean(),
          fc.boolean(),
          async (token, language, answer, asText, header) => {
            const given = { ...input, language, token }
            const html = await renderFeesCalculator(
              { tuitionInput: asText ? JSON.stringify(given) : given, showHeader: header },
              { answer },
            )
            expect(html).toContain('shadowrootmode')
            for (const form of forms(token)) expect(html).not.toContain(form)
          },
        ),
        { numRuns: 60 },
      )
    })

    it('is never written when the renderer fetches the answer with it, nor the key in hash mode', async () => {
      const api = await startRecordingServer(({ url, body }): Reply => {
        if (url.includes('feestable')) return { body: { result: table, tuitionInput: { ...input, token: undefined } } }
        if (url.includes('Version/Number')) return { body: 7 }
        return { body: standInFeesTable(JSON.parse(body) as TuitionPayload) }
      })
      try {
        await fc.assert(
          fc.asyncProperty(secret, secret, async (token, apiKey) => {
            const embedded = await renderFeesCalculatorFromApi(
              { tuitionInput: { ...input, token } },
              { apiRoot: `${api.origin}/api/v1`, deadlineMs: 5_000 },
            )
            const hash = await renderFeesCalculatorFromApi(
              { versionHashCode: 'AbC_123', lang: 'es' },
              { apiRoot: `${api.origin}/api/v1`, apiKey, deadlineMs: 5_000 },
            )
            expect(embedded).toContain('shadowrootmode')
            expect(hash).toContain('shadowrootmode')
            for (const form of [...forms(token), ...forms(apiKey)]) {
              expect(embedded).not.toContain(form)
              expect(hash).not.toContain(form)
            }
            // It went to the API, as the widget sends it.
            const [calculation, load] = api.requests.splice(0, 3)
            expect(calculation?.headers.authorization).toBe(`Bearer ${token}`)
            expect(load?.headers['x-api-key']).toBe(apiKey)
          }),
          { numRuns: 25 },
        )
      } finally {
        await api.close()
      }
    })
  })

  describe('fetching the answer by the widget’s rules', () => {
    let server: Awaited<ReturnType<typeof startReferenceServer>>
    beforeAll(async () => {
      server = await startReferenceServer()
    })
    afterAll(() => server.remove())
    const live = tuitionInput({ ...input, dateOfPayment: '2031-03-05', numberOfFees: 12, finalAmount: 6000, system: 1 })

    it('calculates with the bearer token, and with the Anonymous variant for the systems that call it', async () => {
      const token = await server.token()
      const html = await renderFeesCalculatorFromApi({ tuitionInput: { ...live, token } }, { apiRoot: server.api })
      expect(textOf(html)).toContain(fieldDate('es', '2031-03-05'))
      const anonymous = await renderFeesCalculatorFromApi(
        { tuitionInput: { ...live, system: 3, token: null } },
        { apiRoot: server.api },
      )
      expect(anonymous).toContain('shadowrootmode')
    })

    it('renders the element without figures when the API is down, refuses the token, or is later than the deadline', async () => {
      const held = await startRecordingServer((): Reply => ({ delay: 1_500, body: table }))
      const down = await startRecordingServer()
      const downRoot = `${down.origin}/api/v1`
      await down.close()
      try {
        const cases = [
          renderFeesCalculatorFromApi({ tuitionInput: { ...live, token: 'not-a-token' } }, { apiRoot: server.api }),
          renderFeesCalculatorFromApi({ tuitionInput: live }, { apiRoot: downRoot }),
          renderFeesCalculatorFromApi({ tuitionInput: live }, { apiRoot: `${held.origin}/api/v1`, deadlineMs: 200 }),
          // No absolute root to reach the API at.
          renderFeesCalculatorFromApi({ tuitionInput: live, apiBase: '/api/v1' }),
        ]
        const started = performance.now()
        for (const html of await Promise.all(cases))
          expect(html).toMatch(/^<fees-calculator [^>]*><\/fees-calculator>$/)
        // Within the deadline's reach, not the held answer's.
        expect(performance.now() - started).toBeLessThan(1_400)
      } finally {
        await held.close()
      }
    })

    it('waits 300 ms unless told', async () => {
      const held = await startRecordingServer((): Reply => ({ delay: 600, body: table }))
      try {
        const started = performance.now()
        const html = await renderFeesCalculatorFromApi({ tuitionInput: live }, { apiRoot: `${held.origin}/api/v1` })
        const took = performance.now() - started
        expect(html).not.toContain('shadowrootmode')
        expect(took).toBeGreaterThanOrEqual(290)
        expect(took).toBeLessThan(590)
      } finally {
        await held.close()
      }
    })
  })
})
