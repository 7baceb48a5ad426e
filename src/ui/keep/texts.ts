/// <reference path="../po.d.ts" />
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { localToday } from '../../domain/dates.ts'
import type { Language } from '../../domain/language.ts'
import { FinancialType } from '../../domain/types.ts'
import { formattersFor } from '../format.ts'
// Not through ../i18n.ts: that would take the card's Spanish catalogue out of the first render's own chunk.
import { wordsChunks } from '../words/chunks.ts'
import type { IcsTexts } from './ics.ts'
import { messages as esMessages } from './locales/es/messages.po'
import type { PdfTexts } from './pdf.ts'
import type { KeptPlan } from './plan.ts'
import { isSaved } from './plan.ts'

const instances = new Map<Language, I18n>()

/** Each language by its own name, as the document says which language it is in. */
const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'español',
  en: 'English',
  ca: 'català',
  eu: 'euskara',
  gl: 'galego',
  pt: 'português',
}

/**
 * A catalogue of its own: the documents' Spanish words load with the schedule, never with the first figures; every
 * other language's come in that language's words chunk, which the card has fetched before it speaks it.
 */
function keepMessagesOf(language: Language): Messages {
  const messages = language === 'es' ? esMessages : wordsChunks[language].loaded()?.keepMessages
  if (!messages) throw new Error(`the ${language} words have not been loaded`)
  return messages
}

/** The kept plan's words in a language (whose words the card has on hand). */
export function keepI18n(language: Language): I18n {
  let i18n = instances.get(language)
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: keepMessagesOf(language) } })
    instances.set(language, i18n)
  }
  return i18n
}

/** The PDF's texts: Lingui's catalogue of the widget's language and the screen's formats. */
export function pdfTexts(plan: KeptPlan, madeAt: Date, i18n: I18n = keepI18n(plan.language)): PdfTexts {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const { result, table } = plan
  const format = formattersFor(plan.language, table.currency)
  // The day as the schedule writes it and the time in 24 hours: a long date's words differ between engines' data.
  const time = (n: number) => String(n).padStart(2, '0')
  const when = `${format.date(localToday(madeAt))} ${time(madeAt.getHours())}:${time(madeAt.getMinutes())}`
  const languageName = LANGUAGE_NAMES[plan.language]
  const refinancing = result.financeType === FinancialType.Refinancing
  const amount = format.money(result.initialAmount)
  const term = format.integer(result.totalFees)
  const fee = format.money(result.feeAmount)
  const financed = format.money(result.amountToFinance)
  const tin = format.rate(result.tin)
  const tae = format.rate(result.tae)
  const cost = format.money(result.interests)
  const total = format.money(result.finalFee)
  const programme = plan.programme ?? ''
  const saved = isSaved(plan)
  // A saved plan whose number could not be fetched is still that version: its hash names it.
  const version = plan.versionNumber === null ? '—' : format.integer(plan.versionNumber)
  const contract = plan.contractId ?? ''
  const hash = plan.versionHashCode ?? ''
  return {
    title: programme ? t(msg`Payment plan: ${programme}`) : t(msg`Payment plan`),
    simulation: t(msg`Simulation`),
    madeAt: t(msg`Made on ${when} · Language: ${languageName}`),
    summary: [
      ...(programme ? ([[t(msg`Programme`), programme]] as Array<[string, string]>) : []),
      ...(saved
        ? ([
            [t(msg`Contract`), contract],
            [t(msg`Version`), version],
            [t(msg`Version hash`), hash],
          ] as Array<[string, string]>)
        : []),
      [refinancing ? t(msg`Amount to refinance`) : t(msg`Amount`), amount],
      ...(refinancing
        ? ([[t(msg`Partial payment`), format.money(result.partialPayment)]] as Array<[string, string]>)
        : []),
      [t(msg`Amount to finance`), format.money(result.amountToFinance)],
      [t(msg`Number of fees`), term],
      [t(msg`Monthly fee`), fee],
      [t(msg`First payment date`), format.date(result.firstPaymentDate)],
      [t(msg`Nominal rate (TIN)`), tin],
      [t(msg`APR (TAE)`), tae],
      [t(msg`Financing cost`), cost],
      [t(msg`Total to pay`), total],
    ],
    example: t(
      msg`Representative example: for ${financed} financed in ${term} monthly fees of ${fee}, TIN ${tin}, TAE ${tae}, the financing cost is ${cost} and the total to pay ${total}.`,
    ),
    scheduleTitle: t(msg`Amortization schedule`),
    headers: [
      t(msg`No.`),
      t(msg`Due date`),
      t(msg`Fee`),
      t(msg`Interest`),
      t(msg`Principal`),
      t(msg`Outstanding balance`),
    ],
    total: t(msg`Total`),
    rows: table.fees.map((row) => [
      format.integer(row.number),
      format.date(row.dueDate),
      format.money(row.fee),
      format.money(row.interest),
      format.money(row.principal),
      format.money(row.balance),
    ]),
    totals: [
      format.money(table.totals.finalFee),
      format.money(table.totals.interests),
      format.money(table.totals.amountToFinance),
    ],
    pageOf: (page, pages) => `${i18n.number(page)} / ${i18n.number(pages)}`,
  }
}

/** The calendar's texts, in the widget's language. */
export function icsTexts(plan: KeptPlan, i18n: I18n = keepI18n(plan.language)): IcsTexts {
  const programme = plan.programme ?? ''
  const name = programme ? i18n._(msg`Payment plan: ${programme}`) : i18n._(msg`Payment plan`)
  return {
    calendarName: name,
    summary: (number, total, amount) => i18n._(msg`Fee ${number} of ${total}: ${amount}`),
    description: name,
  }
}

/** The buttons' words: from this catalogue too, which comes with the schedule, not with the first figures. */
export function buttonTexts(language: Language): { pdf: string; ics: string } {
  const i18n = keepI18n(language)
  return { pdf: i18n._(msg`Download the plan (PDF)`), ics: i18n._(msg`Add the due dates to my calendar`) }
}
