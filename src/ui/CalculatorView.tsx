import type { ReactNode } from 'react'
import { useCalculator } from './context.ts'
import { DateField } from './parts/DateField.tsx'
import { FailureNotice } from './parts/FailureNotice.tsx'
import { FeeCountField } from './parts/FeeCountField.tsx'
import { Footer } from './parts/Footer.tsx'
import { Header } from './parts/Header.tsx'
import { Heading } from './parts/Heading.tsx'
import { FeeAnnouncer, MonthlyFee } from './parts/MonthlyFee.tsx'
import { PaymentScheme } from './parts/PaymentScheme.tsx'
import { ScheduleSection } from './parts/ScheduleSection.tsx'
import { StatusLine } from './parts/StatusLine.tsx'
import { Rates, Summary } from './parts/Summary.tsx'
import { saveBarChunk } from './parts/save-bar-chunk.ts'

export interface CalculatorViewProps {
  showHeader: boolean
  showFooter: boolean
}

/**
 * The calculator screen: header, fee count and date, the figures, save. Each part reads only the slice of
 * the store it shows, so a recalculation re-renders the figures, not the page.
 */
export function CalculatorView({ showHeader, showFooter }: CalculatorViewProps) {
  // A disabled calculator (src/element/form.ts): every control inside, the schedule's and the downloads' too.
  const disabled = useCalculator((s) => s.config.disabled)
  return (
    <fieldset className="fc-controls" disabled={disabled}>
      {showHeader ? <Header /> : null}
      <Card>
        <div>
          <Heading />
          <StatusLine />
          <FailureNotice />
        </div>
        <div className="fc-plan">
          <div className="fc-choices">
            <PaymentScheme />
            <FeeCountField />
            <DateField />
          </div>
          <MonthlyFee />
        </div>
        <div className="fc-figures">
          <Summary />
          <Rates />
        </div>
        <SaveBarSlot />
      </Card>
      <ScheduleSection />
      <FeeAnnouncer />
      {showFooter ? <Footer /> : null}
    </fieldset>
  )
}

/**
 * The card, busy while a calculation or a save is under way. It reads `busy`
 * itself: its children were created by CalculatorView, so when only `busy`
 * changes React keeps them as they are instead of re-rendering every part.
 */
function Card({ children }: { children: ReactNode }) {
  const busy = useCalculator((s) => s.calculating || s.saving)
  return (
    <section className="fc-card" part="card" aria-busy={busy} data-busy={busy}>
      {children}
    </section>
  )
}

/**
 * The save bar, once its chunk has brought the rules of SAVE to the store (asked for as the first calculation left);
 * until then its place, bordered and as tall.
 */
function SaveBarSlot() {
  const here = useCalculator((s) => s.savingRules !== null)
  const SaveBar = here ? saveBarChunk.loaded()?.SaveBar : undefined
  return SaveBar ? <SaveBar /> : <div className="fc-actions" />
}
