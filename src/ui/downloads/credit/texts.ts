import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { type Lender, latePaymentCostIn } from '../../../domain/lender.ts'
import { FinancialType } from '../../../domain/types.ts'
import { formattersFor } from '../../format.ts'
import { LANGUAGE_NAMES } from '../language-names.ts'
import type { ScheduleTexts } from '../layout.ts'
import type { DownloadablePlan } from '../plan.ts'
import { scheduleTexts } from '../schedule-texts.ts'
import { givenOn, WITHDRAWAL_DAYS, withdrawalLastDay } from './rules.ts'

/** A row of the form: what it is, its value for this plan, and the Annex's explanation of it where it has one. */
export interface CreditRow {
  label: string
  value: string
  note?: string
  /** The schedule's table follows this row (the instalments with their dates). */
  schedule?: boolean
}

export interface CreditPart {
  heading: string
  rows: CreditRow[]
}

/** The whole form in the widget's language, every figure formatted as on the card. */
export interface CreditTexts extends ScheduleTexts {
  title: string
  /** Under the title: the day the information is given and the document's language. */
  given: string
  /** Says who fills in what is marked, when the host left anything to be completed; else null. */
  notice: string | null
  /** The mark of a detail the lender has to fill in. */
  toBeCompleted: string
  /** Part I (key information, on the first page), then sections 1 to 5 of the Annex. */
  parts: CreditPart[]
  /** "n / N" */
  pageOf(page: number, pages: number): string
}

/**
 * The standard European consumer credit information for a plan, as the Annex orders it (docs/credit-information.md):
 * every amount, rate and date is the API's (the plan's result and its schedule) or follows from the day the form is
 * made; the lender's details are the host's, and what it did not give is marked to be completed.
 */
export function creditTexts(plan: DownloadablePlan, lender: Lender | null, madeAt: Date, i18n: I18n): CreditTexts {
  const t = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const { result, table } = plan
  const format = formattersFor(plan.language, table.currency)
  const toBeCompleted = t(msg`[to be completed]`)
  let marked = false
  const orMark = (value: string | undefined) => {
    if (value) return value
    marked = true
    return toBeCompleted
  }

  const given = format.date(givenOn(madeAt))
  const until = given
  const lastDay = format.date(withdrawalLastDay(givenOn(madeAt)))
  const days = format.integer(WITHDRAWAL_DAYS)
  const financed = format.money(result.amountToFinance)
  const fee = format.money(result.feeAmount)
  const count = result.totalFees
  const term = format.integer(count)
  const tin = format.rate(result.tin)
  const tae = format.rate(result.tae)
  const cost = format.money(result.interests)
  const total = format.money(result.finalFee)
  const first = format.date(table.fees[0]?.dueDate ?? result.firstPaymentDate)
  const lastFeeRow = table.fees.at(-1)
  const last = format.date(lastFeeRow?.dueDate ?? result.firstPaymentDate)
  const lastFee = lastFeeRow && lastFeeRow.fee !== result.feeAmount ? format.money(lastFeeRow.fee) : null
  const refinancing = result.financeType === FinancialType.Refinancing && result.partialPayment > 0
  const languageName = LANGUAGE_NAMES[plan.language]

  const creditor = orMark(lender?.name)
  const duration = t(
    msg({
      message: plural(count, {
        one: `# monthly instalment, on ${first}`,
        other: `# monthly instalments, from ${first} to ${last}`,
      }),
    }),
  )
  const totalCredit: CreditRow = {
    label: t(msg`Total amount of credit`),
    value: financed,
    note: t(msg`This means the ceiling or the total sums made available under the credit agreement.`),
  }
  const totalPayable: CreditRow = {
    label: t(msg`Total amount you will have to pay`),
    value: total,
    note: t(msg`This means the amount of borrowed capital plus interest and possible costs related to your credit.`),
  }
  const borrowingRate: CreditRow = {
    label: t(msg`Borrowing rate (TIN)`),
    value: t(msg`${tin}, fixed for the whole duration of the agreement`),
  }
  const apr: CreditRow = {
    label: t(msg`Annual percentage rate of charge (APR)`),
    value: tae,
    note: t(
      msg`This is the total cost expressed as an annual percentage of the total amount of credit. The APR is there to help you compare different offers.`,
    ),
  }
  const service: CreditRow[] = [
    { label: t(msg`Name of the service`), value: orMark(plan.programme ?? undefined) },
    { label: t(msg`Cash price`), value: format.money(result.initialAmount) },
    ...(refinancing ? [{ label: t(msg`Partial payment`), value: format.money(result.partialPayment) }] : []),
  ]
  const latePayment: CreditRow = {
    label: t(msg`Costs in the case of late payments`),
    value: orMark(latePaymentCostIn(lender, plan.language)),
  }
  const durationRow: CreditRow = { label: t(msg`Duration of the credit agreement`), value: duration }

  const parts: CreditPart[] = [
    {
      heading: t(msg`Key information`),
      rows: [
        { label: t(msg`Creditor`), value: creditor },
        totalCredit,
        durationRow,
        borrowingRate,
        apr,
        totalPayable,
        ...service,
        latePayment,
      ],
    },
    {
      heading: t(msg`1. Identity and contact details of the creditor/credit intermediary`),
      rows: [
        { label: t(msg`Creditor`), value: creditor },
        { label: t(msg`Address`), value: orMark(lender?.address) },
        { label: t(msg`Telephone number`), value: orMark(lender?.contact?.phone) },
        { label: t(msg`E-mail address`), value: orMark(lender?.contact?.email) },
        { label: t(msg`Web address`), value: orMark(lender?.contact?.web) },
      ],
    },
    {
      heading: t(msg`2. Description of the main features of the credit product`),
      rows: [
        {
          label: t(msg`Type of credit`),
          value: t(
            msg`Deferred payment of the tuition in monthly instalments at a fixed borrowing rate (French amortization system: equal instalments).`,
          ),
        },
        totalCredit,
        {
          label: t(msg`Conditions governing the drawdown`),
          value: t(
            msg`The money is not paid to you: the credit is the part of the tuition whose payment is deferred, from ${given}.`,
          ),
          note: t(msg`This means how and when you will obtain the money.`),
        },
        durationRow,
        {
          label: t(msg`Instalments and, where appropriate, the order in which instalments will be allocated`),
          value: [
            t(
              msg({
                message: plural(count, {
                  one: `You will have to pay # instalment of ${fee}, on the date in the schedule below.`,
                  other: `You will have to pay # monthly instalments of ${fee}, on the dates in the schedule below.`,
                }),
              }),
            ),
            ...(lastFee ? [t(msg`The last instalment is ${lastFee}.`)] : []),
            t(msg`Each instalment pays the interest due first; the rest repays the capital.`),
          ].join(' '),
          schedule: true,
        },
        totalPayable,
        ...service,
      ],
    },
    {
      heading: t(msg`3. Costs of the credit`),
      rows: [
        borrowingRate,
        apr,
        {
          label: t(msg`Representative example`),
          value: t(
            msg`For ${financed} financed in ${term} monthly instalments of ${fee}, TIN ${tin}, APR ${tae}: the total cost of the credit is ${cost} and the total amount you will have to pay ${total}.`,
          ),
          note: t(
            msg`The APR assumes the whole credit drawn down on ${given} and each instalment paid in full on its due date.`,
          ),
        },
        { label: t(msg`Total cost of the credit`), value: cost },
        latePayment,
      ],
    },
    {
      heading: t(msg`4. Other important legal aspects`),
      rows: [
        {
          label: t(msg`Right of withdrawal`),
          value: t(
            msg`You have the right to withdraw from the credit agreement within ${days} calendar days, without giving any reason.`,
          ),
          note: t(
            msg`If the agreement is concluded on ${given}, the day this information is given, the last day to withdraw is ${lastDay}.`,
          ),
        },
        {
          label: t(msg`Early repayment`),
          value: t(
            msg`You have the right to repay the credit early at any time, in full or partially; the interest for the time left is then not charged.`,
          ),
        },
        {
          label: t(msg`Validity of the pre-contractual information`),
          value: t(msg`This information is valid from ${given} until ${until}.`),
          note: t(
            msg`The APR counts the credit from the day this information is given: on another day, calculate the plan again for that day's figures.`,
          ),
        },
      ],
    },
    {
      heading: t(msg`5. Additional information in the case of distance marketing of financial services`),
      rows: [
        { label: t(msg`Registration`), value: orMark(lender?.registration) },
        {
          label: t(msg`Exercise of the right of withdrawal`),
          value: t(
            msg`Tell the creditor before the period ends, on paper or on another durable medium, at the address or contact details above.`,
          ),
        },
      ],
    },
  ]

  return {
    title: t(msg`Standard European Consumer Credit Information`),
    given: t(msg`Information given on ${given} · Language: ${languageName}`),
    notice: marked ? t(msg`The lender fills in what is between square brackets before giving this information.`) : null,
    toBeCompleted,
    parts,
    ...scheduleTexts(table, format, i18n),
  }
}
