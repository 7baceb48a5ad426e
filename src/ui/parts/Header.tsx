import { useLingui } from '@lingui/react/macro'
import { LegalLinks } from './LegalLinks.tsx'

export function Header() {
  const { t } = useLingui()
  return (
    <header className="fc-header" part="header">
      <nav aria-label={t`Legal information`}>
        <LegalLinks />
      </nav>
    </header>
  )
}
