import { useLingui } from '@lingui/react/macro'
import { LEGAL_URLS } from '../legal-links.ts'
import { REPLACEABLE_WORDS } from '../replaceable-words.ts'

/** The footer's four legal links (legal notice, privacy, cookies, terms); they open in a new tab so the plan on screen stays. */
export function LegalLinks() {
  const { t } = useLingui()
  const links = [
    { href: LEGAL_URLS.legalNotice, label: t(REPLACEABLE_WORDS.legalNotice) },
    { href: LEGAL_URLS.privacy, label: t(REPLACEABLE_WORDS.privacy) },
    { href: LEGAL_URLS.cookies, label: t(REPLACEABLE_WORDS.cookies) },
    { href: LEGAL_URLS.legalClauses, label: t(REPLACEABLE_WORDS.legalClauses) },
  ]
  return (
    <ul className="fc-links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
