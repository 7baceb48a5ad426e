/** Build-time configuration (Vite env variables, documented in the README). */
const env = import.meta.env as Record<string, string | undefined>

/** Where the four legal links of the header and footer point. */
export interface LegalUrls {
  legalNotice: string
  privacy: string
  cookies: string
  legalClauses: string
}

const DEFAULT_LEGAL_BASE = 'https://fees-calculator.example/legal'

export const LEGAL_URLS: LegalUrls = {
  legalNotice: env.VITE_FEES_LEGAL_NOTICE_URL || `${DEFAULT_LEGAL_BASE}/notice`,
  privacy: env.VITE_FEES_PRIVACY_URL || `${DEFAULT_LEGAL_BASE}/privacy`,
  cookies: env.VITE_FEES_COOKIES_URL || `${DEFAULT_LEGAL_BASE}/cookies`,
  legalClauses: env.VITE_FEES_LEGAL_CLAUSES_URL || `${DEFAULT_LEGAL_BASE}/clauses`,
}

/** The year the footer's copyright line names: fixed, not the current year. */
export const COPYRIGHT_YEAR = 2023
/** Who the copyright line names: the university running the calculator. */
export const COPYRIGHT_HOLDER = env.VITE_FEES_COPYRIGHT_HOLDER || 'Fees Calculator'
