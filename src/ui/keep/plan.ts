import type { Language } from '../../domain/language.ts'
import type { AmortizationTable, FeesTableResult } from '../../domain/types.ts'

/** What a kept plan (PDF or calendar) is made from: the schedule on screen and the figures above it. */
export interface KeptPlan {
  table: AmortizationTable
  result: FeesTableResult
  language: Language
  programme: string | null
  contractId: string | null
  /** Null before saving: the document is a simulation. */
  versionNumber: number | null
  versionHashCode: string | null
}

export const isSaved = (plan: KeptPlan): boolean => plan.versionNumber !== null && plan.versionHashCode !== null

/** `plan-<contractId>-v<version>.pdf` once saved, `plan-simulation-<date>.pdf` before. */
export function planFileName(plan: KeptPlan, extension: 'pdf' | 'ics', madeAt: Date): string {
  const name = isSaved(plan)
    ? `plan-${plan.contractId ?? plan.versionHashCode}-v${plan.versionNumber}`
    : `plan-simulation-${madeAt.toISOString().slice(0, 10)}`
  return `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.${extension}`
}

/** Offers bytes or text as a file download without leaving the page (works from inside a shadow root). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  link.click()
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
