import { useLingui } from '@lingui/react/macro'

/** The payment scheme label and "Monthly": fees are monthly, the only scheme there is. */
export function PaymentScheme() {
  const { t } = useLingui()
  return (
    <p className="fc-scheme">
      <span>{t`Payment scheme`}</span>
      <span className="fc-chip">{t`Monthly`}</span>
    </p>
  )
}
