import { dueDateAfter } from '../../domain/dates.ts'
import type { FeesTableResult } from '../../domain/types.ts'
import type { Formatters } from '../format.ts'

/** The figures set side by side, in the order the card shows them. */
export type FigureName = 'feeAmount' | 'totalFees' | 'firstDueDate' | 'lastDueDate' | 'interests' | 'finalFee' | 'tae'

/** How a figure moved: `up` (higher, more, later), `down` (lower, fewer, earlier), or `same` as the student reads it. */
export type Change = 'up' | 'down' | 'same'

/** The kind of a figure: it decides how it is written and which words say how it moved. */
export type FigureKind = 'money' | 'count' | 'date' | 'rate'

export interface BeforeAndNowRow {
  name: FigureName
  kind: FigureKind
  before: string
  now: string
  change: Change
}

const lastDueDate = (result: FeesTableResult) => dueDateAfter(result.firstPaymentDate, result.totalFees - 1)

const FIGURES: ReadonlyArray<[FigureName, FigureKind, (result: FeesTableResult) => number | string]> = [
  ['feeAmount', 'money', (result) => result.feeAmount],
  ['totalFees', 'count', (result) => result.totalFees],
  ['firstDueDate', 'date', (result) => result.firstPaymentDate],
  ['lastDueDate', 'date', lastDueDate],
  ['interests', 'money', (result) => result.interests],
  ['finalFee', 'money', (result) => result.finalFee],
  ['tae', 'rate', (result) => result.tae],
]

/**
 * The saved version's figures beside the plan's: each as the card writes it, and how it moved. A figure changed when
 * what the student reads changed: two APRs that round to the same `6,12 %` are the same.
 */
export function beforeAndNowRows(before: FeesTableResult, now: FeesTableResult, format: Formatters): BeforeAndNowRow[] {
  const write: Record<FigureKind, (value: never) => string> = {
    money: format.money,
    count: format.integer,
    date: format.date,
    rate: format.rate,
  }
  return FIGURES.map(([name, kind, read]) => {
    const [was, is] = [read(before), read(now)]
    const [beforeText, nowText] = [write[kind](was as never), write[kind](is as never)]
    const change: Change = beforeText === nowText ? 'same' : is > was ? 'up' : 'down'
    return { name, kind, before: beforeText, now: nowText, change }
  })
}
