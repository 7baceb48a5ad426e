import { LANGUAGES, type Language } from './language.ts'

/**
 * The lender's details, as the host gives them for the standard European consumer credit information: the
 * university that finances the plan. Every field is optional; what the host leaves out is marked "to be completed"
 * on the form, never made up (docs/credit-information.md).
 */
export interface Lender {
  /** The lender's legal name. */
  name?: string
  /** The geographical address the student is to use. */
  address?: string
  contact?: {
    phone?: string
    email?: string
    /** A web address. */
    web?: string
  }
  /** The register the lender is entered in and its number there (e.g. a company register, a tax id). */
  registration?: string
  /**
   * What a late instalment costs the student (the rate of late-payment interest, charges): one text, or one per
   * language (`{ "es": "…", "en": "…" }`), since the form speaks the widget's language.
   */
  latePaymentCost?: string | Partial<Record<Language, string>>
}

/** A field's text is at most this long: an address or a sentence, never a document. */
const MAX_FIELD_LENGTH = 1000

export type LenderCheck =
  | {
      ok: true
      /** Null when the host gave none. */
      value: Lender | null
      /** Members that are not the lender's, left out (`fax`, a misspelt `adress`). */
      ignored: string[]
    }
  | { ok: false; problem: string }

const TOP = ['name', 'address', 'contact', 'registration', 'latePaymentCost'] as const
const CONTACT = ['phone', 'email', 'web'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A field's text, trimmed (empty is absent), or a problem naming the field. */
function textOf(value: unknown, field: string): { text?: string; problem?: string } {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'string') return { problem: `"${field}" must be a text, not ${JSON.stringify(value)}` }
  const text = value.trim()
  if (text.length > MAX_FIELD_LENGTH) return { problem: `"${field}" is longer than ${MAX_FIELD_LENGTH} characters` }
  return text ? { text } : {}
}

/**
 * The host's `lender` (an object, or its JSON text as the attribute gives it), checked: a text that is not JSON or
 * a field of the wrong type is a problem, said in one sentence, and the caller keeps the lender it had. null,
 * undefined and "" mean none.
 */
export function readLender(raw: unknown): LenderCheck {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: null, ignored: [] }
  let value = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch (error) {
      return { ok: false, problem: `the lender is not JSON (${(error as Error).message})` }
    }
  }
  if (!isRecord(value)) return { ok: false, problem: 'the lender must be an object' }
  const lender: Lender = {}
  const problems: string[] = []
  const ignored = Object.keys(value).filter((key) => !(TOP as readonly string[]).includes(key))
  for (const field of ['name', 'address', 'registration'] as const) {
    const { text, problem } = textOf(value[field], field)
    if (problem) problems.push(problem)
    else if (text) lender[field] = text
  }
  const contact = value.contact
  if (contact !== undefined && contact !== null) {
    if (!isRecord(contact)) problems.push('"contact" must be an object with phone, email and web')
    else {
      ignored.push(
        ...Object.keys(contact)
          .filter((key) => !(CONTACT as readonly string[]).includes(key))
          .map((key) => `contact.${key}`),
      )
      const given: NonNullable<Lender['contact']> = {}
      for (const field of CONTACT) {
        const { text, problem } = textOf(contact[field], `contact.${field}`)
        if (problem) problems.push(problem)
        else if (text) given[field] = text
      }
      if (Object.keys(given).length) lender.contact = given
    }
  }
  const late = value.latePaymentCost
  if (typeof late === 'string' || late === undefined || late === null) {
    const { text, problem } = textOf(late, 'latePaymentCost')
    if (problem) problems.push(problem)
    else if (text) lender.latePaymentCost = text
  } else if (isRecord(late)) {
    const perLanguage: Partial<Record<Language, string>> = {}
    for (const [key, given] of Object.entries(late)) {
      if (!(LANGUAGES as readonly string[]).includes(key)) {
        problems.push(
          `"latePaymentCost" names a language the widget does not speak: "${key}" (${LANGUAGES.join(', ')})`,
        )
        continue
      }
      const { text, problem } = textOf(given, `latePaymentCost.${key}`)
      if (problem) problems.push(problem)
      else if (text) perLanguage[key as Language] = text
    }
    if (Object.keys(perLanguage).length) lender.latePaymentCost = perLanguage
  } else problems.push('"latePaymentCost" must be a text, or one text per language')
  if (problems.length) return { ok: false, problem: problems.join('; ') }
  return { ok: true, value: lender, ignored }
}

/** The late-payment cost in a language: the host's one text, or its text for that language; undefined if none. */
export function latePaymentCostIn(lender: Lender | null, language: Language): string | undefined {
  const cost = lender?.latePaymentCost
  return typeof cost === 'string' ? cost : cost?.[language]
}
