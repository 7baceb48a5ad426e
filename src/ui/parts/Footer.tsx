import { useLingui } from '@lingui/react/macro'
import { COPYRIGHT_HOLDER, COPYRIGHT_YEAR } from '../legal-links.ts'
import { LegalLinks } from './LegalLinks.tsx'

export function Footer() {
  const { t } = useLingui()
  const year = String(COPYRIGHT_YEAR)
  const holder = COPYRIGHT_HOLDER
  return (
    <footer className="fc-footer" part="footer">
      <nav aria-label={t`Legal information`}>
        <LegalLinks />
      </nav>
      <p className="fc-copyright">{t`© ${year} ${holder}. All rights reserved.`}</p>
    </footer>
  )
}
