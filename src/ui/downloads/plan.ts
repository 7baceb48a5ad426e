import type { Language } from '../../domain/language.ts'
import type { AmortizationTable, FeesTableResult } from '../../domain/types.ts'
import type { CalculatorState, ReplacedVersion } from '../../store/calculator-store.ts'

/** What a downloadable plan (PDF or calendar) is made from: the schedule on screen and the figures above it. */
export interface DownloadablePlan {
  table: AmortizationTable
  result: FeesTableResult
  language: Language
  programme: string | null
  contractId: string | null
  /** Null when not known: before saving, or for a saved plan whose number could not be fetched. */
  versionNumber: number | null
  /** The saved version's hash; null before saving: the document is then a simulation. */
  versionHashCode: string | null
  /** The saved version this plan replaces, as far as it could be read; null when it replaces none. */
  replaces: ReplacedVersion | null
}

/** A saved version, by its hash: a plan opened by its hash is one even when its number could not be fetched. */
export const isSaved = (plan: DownloadablePlan): boolean => plan.versionHashCode !== null

/**
 * Whether the plan on screen is a saved version: a save of this very plan returned its hash, or it was opened by its
 * hash (its number may not have come); a change since (of a plan a save did not lock, or of one opened by its hash)
 * makes it a new plan.
 */
export const isSavedVersion = (s: Pick<CalculatorState, 'savedVersion'>): boolean => s.savedVersion !== null

/**
 * The saved version the plan on screen replaces, shown beside it: none while the plan on screen is that version
 * itself (opened by its hash and not changed yet).
 */
export const replacedVersionOf = (s: Pick<CalculatorState, 'replaced' | 'savedVersion'>): ReplacedVersion | null =>
  s.replaced && s.savedVersion !== s.replaced.versionHashCode ? s.replaced : null

/** The plan on screen as the files keep it, once its schedule is on hand. */
export function downloadablePlanOf(s: CalculatorState, language: Language): DownloadablePlan | null {
  if (!s.amortization || !s.result) return null
  const saved = isSavedVersion(s)
  return {
    table: s.amortization,
    result: s.result,
    language,
    programme: s.input?.studyIdName ?? null,
    contractId: s.input?.contractId ?? null,
    versionNumber: saved ? s.versionNumber : null,
    versionHashCode: s.savedVersion,
    replaces: replacedVersionOf(s),
  }
}

/**
 * `plan-<contractId>-v<version>.pdf` once saved (`plan-<contractId>-<hash's first 8>` while the number is not
 * known), `plan-simulation-<date>.pdf` before.
 */
export function planFileName(plan: DownloadablePlan, extension: 'pdf' | 'ics', madeAt: Date): string {
  const version = plan.versionNumber === null ? plan.versionHashCode?.slice(0, 8) : `v${plan.versionNumber}`
  const name = isSaved(plan)
    ? `plan-${plan.contractId ?? plan.versionHashCode}-${version}`
    : `plan-simulation-${madeAt.toISOString().slice(0, 10)}`
  return `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.${extension}`
}

/**
 * `credit-information-<contractId>-<date>.pdf`, or `credit-information-<date>.pdf` without a contract: the date is the
 * day the information is given (UTC, as the form says).
 */
export function creditFileName(plan: DownloadablePlan, madeAt: Date): string {
  const name = ['credit-information', plan.contractId, madeAt.toISOString().slice(0, 10)].filter(Boolean).join('-')
  return `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`
}
