import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { amountEditable } from '../../domain/payload.ts'
import { isErpSystem } from '../../domain/systems.ts'
import { FinancialType } from '../../domain/types.ts'
import { selectEditable } from '../../store/calculator-store.ts'
import { useActions, useCalculator } from '../context.ts'
import { REPLACEABLE_WORDS } from '../replaceable-words.ts'
import { useFormatters } from '../useFormatters.ts'
import { AmountInput, type AmountInputProps } from './AmountInput.tsx'

function Row({ label, children, total = false }: { label: string; children: ReactNode; total?: boolean }) {
  return (
    <div className={total ? 'fc-row fc-row--total' : 'fc-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** An amount the user may edit (an input that commits when left), or else the figure as text. */
function AmountRow({ editable, ...input }: AmountInputProps & { value: number; editable: boolean }) {
  const format = useFormatters()
  return (
    <Row label={input.label}>
      {editable ? <AmountInput {...input} /> : <span data-figure={input.figure}>{format.money(input.value)}</span>}
    </Row>
  )
}

/**
 * The amounts of the plan: the amount (editable unless ERP or refinancing),
 * for refinancing the partial payment and the total to finance, then the
 * financing cost and the total to pay. Zeros before data arrives.
 */
export function Summary() {
  const { t } = useLingui()
  const format = useFormatters()
  const { chooseAmount, choosePartialPayment } = useActions()
  // One value a selector (zustand's atomic selectors): each re-renders the summary only when it changes.
  const figures = {
    refinancing: useCalculator((s) => (s.result?.financeType ?? s.input?.financialType) === FinancialType.Refinancing),
    initialAmount: useCalculator((s) => s.choice?.initialAmount ?? s.result?.initialAmount ?? 0),
    partialPayment: useCalculator((s) => s.choice?.partialPayment ?? s.result?.partialPayment ?? 0),
    amountToFinance: useCalculator((s) => s.result?.amountToFinance ?? 0),
    interests: useCalculator((s) => s.result?.interests ?? 0),
    finalFee: useCalculator((s) => s.result?.finalFee ?? 0),
  }
  const editable = useCalculator(selectEditable)
  const canEditAmount = useCalculator((s) => editable && !!s.input && amountEditable(s.input, s.result))
  const canEditPartial = useCalculator((s) => editable && !!s.input && !isErpSystem(s.input.system))
  const amountLabel = figures.refinancing ? t(REPLACEABLE_WORDS.refinanceLabel) : t(REPLACEABLE_WORDS.tuitionLabel)
  const partial = { label: t`Partial payment`, editable: canEditPartial, onCommit: choosePartialPayment }
  const amounts: {
    figure: 'initialAmount' | 'partialPayment'
    label: string
    editable: boolean
    onCommit: AmountInputProps['onCommit']
  }[] = [{ figure: 'initialAmount', label: amountLabel, editable: canEditAmount, onCommit: chooseAmount }]
  if (figures.refinancing) amounts.push({ figure: 'partialPayment', ...partial })

  return (
    <dl className="fc-summary" part="summary">
      {amounts.map(({ figure, ...row }) => (
        <AmountRow key={figure} figure={figure} {...row} value={figures[figure]} />
      ))}
      {figures.refinancing ? (
        <Row label={t`Total amount to finance`}>
          <span data-figure="amountToFinance">{format.money(figures.amountToFinance)}</span>
        </Row>
      ) : null}
      <Row label={t`Financing cost`}>
        <span data-figure="interests">{format.money(figures.interests)}</span>
      </Row>
      <Row label={t`Total to pay`} total>
        <span data-figure="finalFee">{format.money(figures.finalFee)}</span>
      </Row>
    </dl>
  )
}

/**
 * TIN and TAE, beside the summary (EU consumer-credit information). The TAE
 * depends on when the money is lent; the server takes the day of the
 * calculation, and the label's title says so.
 */
export function Rates() {
  const { t } = useLingui()
  const format = useFormatters()
  const tin = useCalculator((s) => s.result?.tin ?? 0)
  const tae = useCalculator((s) => s.result?.tae ?? 0)
  return (
    <dl className="fc-rates" part="rates">
      <div className="fc-rate">
        <dt>
          <abbr title={t`Nominal annual interest rate`}>{t`Nominal rate (TIN)`}</abbr>
        </dt>
        <dd data-figure="tin">{format.rate(tin)}</dd>
      </div>
      <div className="fc-rate">
        <dt>
          <abbr
            title={t`Annual percentage rate of charge, for money lent on the day of the calculation`}
          >{t`APR (TAE)`}</abbr>
        </dt>
        <dd data-figure="tae">{format.rate(tae)}</dd>
      </div>
    </dl>
  )
}
