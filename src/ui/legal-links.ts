// Build-time configuration (Vite env variables, documented in server/README.md), each read as `import.meta.env.NAME`: the
// build writes in the value of each, where a variable holding `import.meta.env` would bring the whole object.

/** Where the four legal links of the header and footer point. */
export interface LegalUrls {
  legalNotice: string
  privacy: string
  cookies: string
  legalClauses: string
}

const DEFAULT_LEGAL_BASE = 'https://fees-calculator.example/legal'

export const LEGAL_URLS: LegalUrls = {
  legalNotice: import.meta.env.VITE_FEES_LEGAL_NOTICE_URL || `${DEFAULT_LEGAL_BASE}/notice`,
  privacy: import.meta.env.VITE_FEES_PRIVACY_URL || `${DEFAULT_LEGAL_BASE}/privacy`,
  cookies: import.meta.env.VITE_FEES_COOKIES_URL || `${DEFAULT_LEGAL_BASE}/cookies`,
  legalClauses: import.meta.env.VITE_FEES_LEGAL_CLAUSES_URL || `${DEFAULT_LEGAL_BASE}/clauses`,
}

/** The year the footer's copyright line names: fixed, not the current year. */
export const COPYRIGHT_YEAR = 2023
/** Who the copyright line names: the university running the calculator. */
export const COPYRIGHT_HOLDER = import.meta.env.VITE_FEES_COPYRIGHT_HOLDER || 'Fees Calculator'
