import { useEffect } from 'react'
import { scheduleChunk } from '../chunks.ts'
import { useCalculator, useCalculatorContext } from '../context.ts'
import { useChunk } from '../useChunk.ts'

/**
 * The comparison of fee counts once opened, the plan's downloads (PDF, calendar) once there is a plan, and the
 * amortization schedule once a save or the schedule button returned one. Their chunk loads when the browser is idle
 * after the first figures, or at once when the comparison or a schedule asks for it.
 */
export function ScheduleSection() {
  const table = useCalculator((s) => s.amortization)
  const hasResult = useCalculator((s) => s.result !== null)
  const comparing = useCalculator((s) => s.comparisonOpen)
  const { reportChunkFailure, language } = useCalculatorContext()
  const schedule = useChunk(scheduleChunk, reportChunkFailure, { preload: hasResult })
  const { request } = schedule
  useEffect(() => {
    if (comparing || (table && table.fees.length > 0)) request()
  }, [comparing, table, request])
  if (!hasResult || !schedule.module) return null
  const PlanParts = schedule.module.default
  return <PlanParts table={table} language={language} />
}
