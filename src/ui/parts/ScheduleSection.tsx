import { useEffect } from 'react'
import { useShallow } from 'zustand/shallow'
import { scheduleChunk } from '../chunks.ts'
import { useCalculator, useCalculatorContext } from '../context.ts'
import { useChunk } from '../useChunk.ts'

/** The amortization schedule once a save or the schedule button returned one; its chunk loads then. */
export function ScheduleSection() {
  const { table, fileTag } = useCalculator(
    useShallow((s) => ({
      table: s.amortization,
      fileTag:
        [s.input?.contractId, s.versionNumber === null ? null : `v${s.versionNumber}`].filter(Boolean).join('-') ||
        'plan',
    })),
  )
  const { reportChunkFailure, language } = useCalculatorContext()
  const schedule = useChunk(scheduleChunk, reportChunkFailure)
  const { request } = schedule
  useEffect(() => {
    if (table && table.fees.length > 0) request()
  }, [table, request])
  if (!table || table.fees.length === 0 || !schedule.module) return null
  const Schedule = schedule.module.default
  return <Schedule table={table} language={language} fileTag={fileTag} />
}
