/// <reference path="../po.d.ts" />
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { localToday } from '../../domain/dates.ts'
import type { Language } from '../../domain/language.ts'
import { FinancialType } from '../../domain/types.ts'
import { setChunkIntegrity } from '../../lazy/chunk.ts'
import { languageChunks } from '../../lazy/language-chunks.ts'
import { formattersFor } from '../format.ts'
import type { IcsTexts } from './ics.ts'
import { LANGUAGE_NAMES } from './language-names.ts'
import { messages as esMessages } from './locales/es/messages.po'
import type { PdfTexts } from './pdf.ts'
import type { DownloadablePlan } from './plan.ts'
import { isSaved } from './plan.ts'
import { scheduleTexts } from './schedule-texts.ts'

// The script-tag build writes the word chunks' sha256 here (vite.config.ts): this chunk (the schedule's), checked
// itself, vouches for them. Other builds leave the placeholder, and nothing is checked, as for the entry.
setChunkIntegrity(__FEES_CALCULATOR_NESTED_INTEGRITY__, import.meta.url)

/**
 * The downloads' words (the schedule, the PDF, the calendar file, their buttons): a catalogue of its own, which
 * never comes with the first figures. Spanish's is in the schedule's chunk; every other language's is a small chunk
 * of its own, fetched when the schedule first speaks it.
 */
const downloadWordsChunks = languageChunks(
  'downloads',
  { messages: esMessages },
  import.meta.glob<{ messages: Messages }>(['./locales/*/messages.po', '!./locales/es/*']),
)

const instances = new Map<Language, I18n>()

const downloadMessagesOf = (language: Language): Messages | undefined =>
  downloadWordsChunks[language].loaded()?.messages

/** The downloads' words in a language, if on hand (Spanish always). */
export function downloadWordsOf(language: Language): I18n | undefined {
  let i18n = instances.get(language)
  const messages = i18n ? undefined : downloadMessagesOf(language)
  if (!i18n && messages) {
    i18n = setupI18n({ locale: language, messages: { [language]: messages } })
    instances.set(language, i18n)
  }
  return i18n
}

/** The downloads' words in a language, fetched once per page; rejects with a ChunkLoadError (a later call tries again). */
export async function loadDownloadWords(language: Language): Promise<I18n> {
  await downloadWordsChunks[language].load()
  return downloadWordsOf(language) as I18n
}

/** The downloads' words in a language whose words are on hand (loadDownloadWords). */
export function downloadsI18n(language: Language): I18n {
  const i18n = downloadWordsOf(language)
  if (!i18n) throw new Error(`the ${language} words of the downloads have not been loaded`)
  return i18n
}

/** The plan's title, as its PDF, its calendar and its shared link name it: "Payment plan: <programme>". */
function planTitle(programme: string | null, i18n: I18n): string {
  return programme ? i18n._(msg`Payment plan: ${programme}`) : i18n._(msg`Payment plan`)
}

/** The PDF's texts: Lingui's catalogue of the widget's language and the screen's formats. */
export function pdfTexts(plan: DownloadablePlan, madeAt: Date, i18n: I18n = downloadsI18n(plan.language)): PdfTexts {
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
  // The version this plan replaces, by its number, hash and the day it was saved (as far as they could be read).
  const { replaces } = plan
  const replaced: Array<[string, string]> = replaces
    ? [
        [t(msg`Replaces version`), replaces.versionNumber === null ? '—' : format.integer(replaces.versionNumber)],
        [t(msg`Replaced version hash`), replaces.versionHashCode],
        ...(replaces.saved?.savedAt
          ? ([[t(msg`Replaced version saved on`), format.date(replaces.saved.savedAt)]] as Array<[string, string]>)
          : []),
      ]
    : []
  return {
    title: planTitle(plan.programme, i18n),
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
      ...replaced,
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
    ...scheduleTexts(table, format, i18n),
  }
}

/** The calendar's texts, in the widget's language. */
export function icsTexts(plan: DownloadablePlan, i18n: I18n = downloadsI18n(plan.language)): IcsTexts {
  const name = planTitle(plan.programme, i18n)
  const version = plan.versionNumber ?? ''
  return {
    calendarName: name,
    summary: (number, total, amount) => i18n._(msg`Fee ${number} of ${total}: ${amount}`),
    description: name,
    cancelled: (number, total) => i18n._(msg`Fee ${number} of ${total}: cancelled`),
    cancelledDescription: i18n._(msg`Version ${version} of your plan no longer has this due date.`),
  }
}

/** The buttons' words: from this catalogue too, which comes with the schedule, not with the first figures. */
export function buttonTexts(i18n: I18n): { pdf: string; ics: string; credit: string; interestFree: string } {
  return {
    pdf: i18n._(msg`Download the plan (PDF)`),
    ics: i18n._(msg`Add the due dates to my calendar`),
    // The form's own title, as the law names it (the credit information's catalogue holds the same words).
    credit: `${i18n._(msg`Standard European Consumer Credit Information`)} (PDF)`,
    interestFree: i18n._(msg`Interest-free plan: you only pay the amount, in instalments, with no financing cost.`),
  }
}

/**
 * What "Send to whoever pays" shares with the link: the plan's title and one sentence of its version and fees, all
 * of which its page shows; no token, no student data.
 */
export function shareTexts(
  plan: Pick<DownloadablePlan, 'programme' | 'versionNumber' | 'result' | 'language'>,
  i18n: I18n,
): { title: string; text: string } {
  const { result } = plan
  const title = planTitle(plan.programme, i18n)
  const fee = formattersFor(plan.language, result.currency).money(result.feeAmount)
  const count = result.totalFees
  const version = plan.versionNumber ?? ''
  const text =
    plan.versionNumber === null
      ? i18n._(msg({ message: plural(count, { one: `# monthly fee of ${fee}.`, other: `# monthly fees of ${fee}.` }) }))
      : i18n._(
          msg({
            message: plural(count, {
              one: `Version ${version} of the plan: # monthly fee of ${fee}.`,
              other: `Version ${version} of the plan: # monthly fees of ${fee}.`,
            }),
          }),
        )
  return { title, text }
}
