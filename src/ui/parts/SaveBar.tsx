import { useLingui } from '@lingui/react/macro'
import { useLayoutEffect } from 'react'
import { setChunkIntegrity } from '../../lazy/chunk.ts'
import {
  selectCanPreviewSchedule,
  selectCanSave,
  selectSaveBusy,
  selectShowSave,
} from '../../store/calculator-store.ts'
import { scheduleChunk } from '../chunks.ts'
import { useActions, useCalculator, useCalculatorContext } from '../context.ts'
import { REPLACEABLE_WORDS } from '../replaceable-words.ts'
import { adoptStyles } from '../styles/adopt.ts'
import { useFormatters } from '../useFormatters.ts'
import css from './save-bar.css?inline'

// The rules of SAVE come with its bar, in its chunk (save-bar-chunk.ts).
export { savingRules } from '../../store/saving.ts'

// The script-tag build writes here the hashes of the chunks this one vouches for (src/ui/chunks.ts, by its name): the calendar's,
// its date rules', the schedule's, the toaster's and the failure sentences'.
setChunkIntegrity(__FEES_CALCULATOR_NESTED_INTEGRITY__, import.meta.url)

/**
 * The states of an action button. Before any plan it is disabled. Once there
 * is one, a button that cannot act (work under way, a locked plan) says so
 * with aria-disabled rather than disabled: a disabled button drops the
 * keyboard focus on the page, and a user who tabs from the amount (whose blur
 * recalculates) to SAVE, or who has just saved, must keep their place. The
 * store's actions ignore a press they cannot act on. SAVE pressed during a
 * recalculation is not ignored: it shows SAVING… at once and saves the
 * recalculated plan.
 */
function availability(hasResult: boolean, canAct: boolean) {
  return { disabled: !hasResult, 'aria-disabled': hasResult && !canAct ? true : undefined }
}

/** The enrolment id and version number, the schedule on demand, and SAVE (SAVE hidden for a plan loaded by hash that may not change, disabled while locked or busy). */
export function SaveBar() {
  const { t } = useLingui()
  const format = useFormatters()
  const { save } = useActions()
  const { shadowRoot } = useCalculatorContext()
  // Its styles come with it, before it is painted.
  useLayoutEffect(() => {
    adoptStyles(shadowRoot ?? document, [css])
  }, [shadowRoot])
  const contractId = useCalculator((s) => s.input?.contractId ?? null)
  const versionNumber = useCalculator((s) => s.versionNumber)
  const hasResult = useCalculator((s) => s.result !== null)
  const saving = useCalculator(selectSaveBusy)
  const locked = useCalculator((s) => s.versionLocked)
  const sent = useCalculator((s) => s.planSent)
  const previewFailed = useCalculator((s) => s.schedulePreview === 'failed')
  const showSave = useCalculator(selectShowSave)
  const canSave = useCalculator(selectCanSave)
  const none = '—'
  let status: string | null = null
  if (previewFailed) status = t`The payment schedule could not be loaded. Please try again.`
  else if (sent) status = locked ? t(REPLACEABLE_WORDS.saved) : t`Plan sent`
  return (
    <div className="fc-actions">
      <dl className="fc-meta" part="version">
        <div>
          <dt>{t(REPLACEABLE_WORDS.enrolmentLabel)}</dt>
          <dd data-figure="contractId">{contractId ?? none}</dd>
        </div>
        <div>
          <dt>{t`Version`}</dt>
          <dd data-figure="versionNumber">{versionNumber === null ? none : format.integer(versionNumber)}</dd>
        </div>
      </dl>
      <div className="fc-save">
        <div className="fc-buttons">
          <ScheduleButton />
          {showSave ? (
            <button
              type="button"
              className="fc-button fc-button--primary"
              part="save-button"
              {...availability(hasResult, canSave)}
              aria-busy={saving}
              onClick={() => void save()}
            >
              {saving ? t(REPLACEABLE_WORDS.saving) : t(REPLACEABLE_WORDS.save)}
            </button>
          ) : null}
        </div>
        <p className={previewFailed ? 'fc-saved fc-saved--error' : 'fc-saved'} role="status">
          {status}
        </p>
      </div>
    </div>
  )
}

/**
 * Shows the dated schedule before (or without) saving. It goes once the
 * schedule is on screen; the schedule then takes the focus it had.
 */
function ScheduleButton() {
  const { t } = useLingui()
  const { previewSchedule } = useActions()
  const hasResult = useCalculator((s) => s.result !== null)
  const shown = useCalculator((s) => s.amortization !== null)
  const loading = useCalculator((s) => s.schedulePreview === 'loading')
  const canPreview = useCalculator(selectCanPreviewSchedule)
  if (shown) return null
  // Warm-up only: the schedule section loads the chunk for real and reports a failure then.
  const warmUp = () => void scheduleChunk.load().catch(() => undefined)
  return (
    <button
      type="button"
      className="fc-button fc-button--secondary"
      {...availability(hasResult, canPreview)}
      aria-busy={loading}
      onPointerEnter={warmUp}
      onFocus={warmUp}
      onClick={() => void previewSchedule()}
    >
      {t(REPLACEABLE_WORDS.showSchedule)}
    </button>
  )
}
