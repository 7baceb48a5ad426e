import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AmountRefusal } from '../store/calculator-store.ts'

/**
 * Why the API refused an amount the student typed, by the problem's code, in
 * the widget's language. A code the widget does not know gets a general
 * sentence, with the server's own words only on an English card: a server
 * writes its `detail` in English, which a card in another language never shows
 * (the host's event carries it).
 */
export function amountRefusalWords(refusal: AmountRefusal, i18n: I18n): string {
  switch (refusal.code) {
    case 'amount_not_positive':
    case 'negative_amount':
      return i18n._(msg`This amount is too small: it leaves nothing to finance.`)
    case 'amount_too_large':
      return i18n._(msg`This amount is too large.`)
    case 'partial_payment_exceeds_amount':
      return i18n._(msg`The partial payment cannot be larger than the amount.`)
    case 'validation_failed':
      return i18n._(msg`Enter an amount in figures, such as 6000 or 6000.50`)
    default: {
      const detail = i18n.locale === 'en' && refusal.detail
      return detail ? i18n._(msg`This amount was not accepted: ${detail}`) : i18n._(msg`This amount was not accepted.`)
    }
  }
}
