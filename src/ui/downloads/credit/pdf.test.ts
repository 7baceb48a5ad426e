import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CREDIT_INFORMATION_HEADINGS } from '../../../../test/support/credit-information.ts'
import { makePlan } from '../../../../test/support/plans.ts'
import type { Language } from '../../../domain/language.ts'
import { LANGUAGES } from '../../../domain/language.ts'
import type { Lender } from '../../../domain/lender.ts'
import { formattersFor } from '../../format.ts'
import type { DownloadablePlan } from '../plan.ts'
import { loadCreditWords } from './catalogues.ts'
import { creditInformationPdf } from './pdf.ts'
import { creditTexts } from './texts.ts'

const dir = mkdtempSync(join(tmpdir(), 'credit-pdf-'))
let count = 0
/** The day the information is given is 24 November 2026 (UTC): the last day to withdraw is 8 December. */
const MADE_AT = new Date('2026-11-24T16:05:00Z')

/** The mark of what the lender must fill in, and the right of withdrawal's sentence start, per language. */
const MARKS: Record<Language, { mark: string; withdrawal: string }> = {
  es: {
    mark: '[pendiente de completar]',
    withdrawal: 'Tienes derecho a desistir del contrato de crédito en el plazo de 14 días naturales',
  },
  en: {
    mark: '[to be completed]',
    withdrawal: 'You have the right to withdraw from the credit agreement within 14 calendar days',
  },
  ca: {
    mark: '[pendent de completar]',
    withdrawal: 'Tens dret a desistir del contracte de crèdit en el termini de 14 dies naturals',
  },
  eu: { mark: '[osatzeko]', withdrawal: 'Kreditu-kontratuari atzera egiteko eskubidea duzu 14 egun naturaleko epean' },
  gl: {
    mark: '[pendente de completar]',
    withdrawal: 'Tes dereito a desistir do contrato de crédito no prazo de 14 días naturais',
  },
  pt: {
    mark: '[a preencher]',
    withdrawal: 'Tem o direito de revogar o contrato de crédito no prazo de 14 dias de calendário',
  },
}

/** Every space as one, lines joined: a sentence the PDF wrapped reads whole. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ')

/** The form as poppler reads it back: its text (laid out, and flattened), each page's, and its page count. */
async function readBack(plan: DownloadablePlan, lender: Lender | null) {
  const file = join(dir, `credit-${++count}.pdf`)
  const texts = creditTexts(plan, lender, MADE_AT, await loadCreditWords(plan.language))
  writeFileSync(file, creditInformationPdf(texts, plan.language, MADE_AT))
  const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  return {
    file,
    texts,
    layout: layout.replace(/[ \u00a0\u202f]+/g, ' '),
    text: flat(raw),
    pages: layout
      .split('\f')
      .filter((page) => page.trim() !== '')
      .map(flat),
    info,
  }
}

const FULL_LENDER: Lender = {
  name: 'Universidad Demo',
  address: 'Calle Mayor 1, 28013 Madrid',
  contact: { phone: '+34 910 000 000', email: 'financiacion@demo.example', web: 'https://demo.example/financiacion' },
  registration: 'Registro de Universidades, n.º 0000',
  latePaymentCost: 'TIN + 2 puntos sobre la cuota vencida',
}

describe.each(LANGUAGES)('the standard European consumer credit information in %s', (language) => {
  const plan = makePlan({ fees: 24, amount: 599_045, tin: 0.0595, firstDate: '2027-01-15', language, saved: false })
  const format = formattersFor(language, 'EUR')
  const spaced = (text: string) => flat(text)

  it('carries every heading of the Annex, the key information on the first page', async () => {
    const { text, pages, info } = await readBack(plan, null)
    for (const heading of CREDIT_INFORMATION_HEADINGS[language]) expect(text, heading).toContain(heading)
    expect(pages[0]).toContain(CREDIT_INFORMATION_HEADINGS[language][1])
    expect(pages[0]).toContain(CREDIT_INFORMATION_HEADINGS[language][2])
    expect(flat(info)).toContain(`Title: ${CREDIT_INFORMATION_HEADINGS[language][0]}`)
    expect(execFileSync('strings', [join(dir, `credit-${count}.pdf`)], { encoding: 'latin1' })).toContain(
      `/Lang (${language})`,
    )
  })

  it("carries the plan's figures as the card shows them, and each instalment with its date", async () => {
    const { text, layout } = await readBack(plan, null)
    const { result, table } = plan
    const { amountToFinance, feeAmount, initialAmount, interests, finalFee } = result
    for (const figure of [
      ...[amountToFinance, feeAmount, initialAmount, interests, finalFee].map(format.money),
      ...[result.tin, result.tae].map(format.rate),
      ...[table.fees[0]!.dueDate, table.fees.at(-1)!.dueDate].map(format.date),
    ])
      expect(text).toContain(spaced(figure))
    for (const row of table.fees) {
      const cells = [
        row.number,
        format.date(row.dueDate),
        ...[row.fee, row.interest, row.principal, row.balance].map(format.money),
      ]
      expect(layout).toContain(spaced(cells.join(' ')))
    }
    expect(layout).toContain(
      spaced([table.totals.finalFee, table.totals.interests, table.totals.amountToFinance].map(format.money).join(' ')),
    )
  })

  it('gives the right of withdrawal its last day, 14 calendar days after the day the information is given', async () => {
    const { text } = await readBack(plan, null)
    expect(text).toContain(MARKS[language].withdrawal)
    expect(text).toContain(format.date('2026-11-24'))
    expect(text).toContain(format.date('2026-12-08'))
  })

  it('marks what the host did not give as to be completed, and says who completes it', async () => {
    const { text, texts } = await readBack(plan, null)
    // Creditor (twice), address, telephone, e-mail, web, late payments (twice), registration.
    expect(text.split(MARKS[language].mark).length - 1).toBe(9)
    expect(texts.notice).not.toBeNull()
    expect(text).toContain(flat(texts.notice!))
  })

  it("names the host's lender and marks nothing when the host gave everything", async () => {
    const { text, texts } = await readBack(plan, FULL_LENDER)
    expect(text).not.toContain(MARKS[language].mark)
    expect(texts.notice).toBeNull()
    for (const detail of [
      FULL_LENDER.name!,
      FULL_LENDER.address!,
      FULL_LENDER.contact!.phone!,
      FULL_LENDER.contact!.email!,
      FULL_LENDER.contact!.web!,
      FULL_LENDER.registration!,
      FULL_LENDER.latePaymentCost as string,
    ])
      expect(text).toContain(detail)
  })
})

it('marks only what is missing: a lender with a name and an e-mail leaves the rest to be completed', async () => {
  const { text } = await readBack(
    makePlan({ fees: 12, amount: 600_000, tin: 0.0595, firstDate: '2027-01-31', language: 'es', saved: true }),
    { name: 'Universidad Demo', contact: { email: 'pagos@demo.example' } },
  )
  expect(text).toContain('Prestamista Universidad Demo')
  expect(text).toContain('Dirección de correo electrónico pagos@demo.example')
  expect(text).toContain('Dirección [pendiente de completar]')
  expect(text).toContain('Número de teléfono [pendiente de completar]')
  expect(text).toContain('Registro [pendiente de completar]')
  expect(text.split('[pendiente de completar]').length - 1).toBe(6)
})

it("a late-payment cost given per language is the form's language's, else to be completed", async () => {
  const lender: Lender = {
    latePaymentCost: { es: 'Interés de demora: TIN + 2 puntos', en: 'Late interest: TIN + 2 points' },
  }
  const english = await readBack(
    makePlan({ fees: 12, amount: 100_000, tin: 0.05, firstDate: '2027-01-01', language: 'en', saved: false }),
    lender,
  )
  expect(english.text).toContain('Costs in the case of late payments Late interest: TIN + 2 points')
  const basque = await readBack(
    makePlan({ fees: 12, amount: 100_000, tin: 0.05, firstDate: '2027-01-01', language: 'eu', saved: false }),
    lender,
  )
  expect(basque.text).toContain('Ordainketak berandutzeagatiko kostuak [osatzeko]')
  expect(basque.text).not.toContain('Interés de demora')
})

it('a refinancing shows the partial payment the student pays now beside the cash price', async () => {
  const plan = makePlan({
    fees: 24,
    amount: 600_000,
    partialPayment: 100_000,
    tin: 0.0695,
    firstDate: '2027-03-31',
    language: 'es',
    saved: true,
  })
  const { text } = await readBack(plan, null)
  const format = formattersFor('es', 'EUR')
  expect(text).toContain(flat(`Precio al contado ${format.money(6000)}`))
  expect(text).toContain(flat(`Pago parcial ${format.money(1000)}`))
  expect(text).toContain(flat(`Importe total del crédito ${format.money(5000)}`))
})

it('a long schedule runs over pages with its headings repeated, each page numbered', async () => {
  const plan = makePlan({
    fees: 120,
    amount: 1_000_000,
    tin: 0.0595,
    firstDate: '2027-01-15',
    language: 'pt',
    saved: false,
  })
  const { pages, layout } = await readBack(plan, null)
  expect(pages.length).toBeGreaterThanOrEqual(4)
  expect(pages[0]).toContain('Informação essencial')
  pages.forEach((page, index) => {
    expect(page).toMatch(new RegExp(`${index + 1} ?/ ?${pages.length}\\s*$`))
  })
  expect(layout.match(/N\.º Vencimento Prestação Juros Amortização Capital em dívida/g)!.length).toBeGreaterThanOrEqual(
    2,
  )
})
