import { useLingui } from '@lingui/react/macro'
import { useShallow } from 'zustand/shallow'
import { selectCanSave, selectShowSave } from '../../store/calculator-store.ts'
import { useActions, useCalculator } from '../context.ts'
import { useFormatters } from '../useFormatters.ts'

/** The enrolment id and version number, and SAVE (shown and enabled per spec section 4). */
export function SaveBar() {
  const { t } = useLingui()
  const format = useFormatters()
  const { save } = useActions()
  const { contractId, versionNumber, saving, locked, saved } = useCalculator(
    useShallow((s) => ({
      contractId: s.input?.contractId ?? null,
      versionNumber: s.versionNumber,
      saving: s.saving,
      locked: s.versionLocked,
      saved: s.amortization !== null,
    })),
  )
  const showSave = useCalculator(selectShowSave)
  const canSave = useCalculator(selectCanSave)
  const none = '—'
  return (
    <div className="fc-actions">
      <dl className="fc-meta" part="version">
        <div>
          <dt>{t`Enrolment`}</dt>
          <dd data-figure="contractId">{contractId ?? none}</dd>
        </div>
        <div>
          <dt>{t`Version`}</dt>
          <dd data-figure="versionNumber">{versionNumber === null ? none : format.integer(versionNumber)}</dd>
        </div>
      </dl>
      {showSave ? (
        <div className="fc-save">
          <button
            type="button"
            className="fc-button fc-button--primary"
            part="save-button"
            disabled={!canSave}
            aria-busy={saving}
            onClick={() => void save()}
          >
            {saving ? t`SAVING…` : t`SAVE`}
          </button>
          <p className="fc-saved" role="status">
            {saved ? (locked ? t`Plan saved` : t`Plan sent`) : null}
          </p>
        </div>
      ) : null}
    </div>
  )
}
