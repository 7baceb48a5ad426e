// Type-level checks of the typings a host gets (run by `tsc --noEmit`, never executed).

import type { TuitionInput } from './domain/types.ts'
import type { FeesCalculatorElement } from './element.ts'
import './define.ts'

declare const input: TuitionInput

export const inJsx = [
  <fees-calculator key="a" tuition-input={JSON.stringify(input)} show-header="false" api-base="/api/v1" />,
  <fees-calculator key="b" tuitionInput={input} showFooter={false} />,
  // @ts-expect-error: a misspelt property is caught (hyphenated names are never checked by TypeScript)
  <fees-calculator key="c" tuitionImput={input} />,
  // @ts-expect-error: the property takes a tuition input, not a number
  <fees-calculator key="d" tuitionInput={42} />,
]

export function typedQuery(): FeesCalculatorElement | null {
  const element = document.querySelector('fees-calculator')
  element?.addEventListener('feeOptionSelectedEvent', (event) => {
    const detail = event.detail
    if ('fees' in detail) detail.fees.map((fee) => fee.dueDate)
    else detail.status satisfies number | null
  })
  return element
}
