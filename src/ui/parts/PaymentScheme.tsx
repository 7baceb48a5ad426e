import { useLingui } from '@lingui/react/macro'

/** Spec section 2: the payment scheme label and "Monthly" (the only scheme there is). */
export function PaymentScheme() {
  const { t } = useLingui()
  return (
    <p className="fc-scheme">
      <span>{t`Payment scheme`}</span>
      <span className="fc-chip">{t`Monthly`}</span>
    </p>
  )
}
