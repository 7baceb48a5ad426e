/**
 * axe-core with the WCAG 2.2 AA tags (2.0, 2.1 and 2.2, levels A and AA) in
 * Firefox and WebKit, in the states test/browser/a11y.test.ts checks in
 * Chromium: empty, the first plan on its way, editable, a refused amount, the
 * calendar open, refinancing, an ERP system before and after it sends its
 * plan, saved and locked with the schedule, the schedule on demand, an error
 * toast on screen.
 */
import { it } from 'vitest'
import { describeEngines } from '../support/engines.ts'
import { UNAVAILABLE } from '../support/fixtures.ts'
import { expectAxeClean as expectClean } from './axe.ts'

describeEngines(
  'axe-core, WCAG 2.2 AA',
  (suite) => {
    it('finds nothing in the single-page app waiting for input (empty)', async () => {
      const page = await suite.open('/fees')
      await page.waitForInside('.fc[data-state=empty]')
      await expectClean(page, 'empty')
    })

    it.each(['es', 'en'] as const)(
      'finds nothing in %s while the first plan is on its way, and with an error toast on screen (hash mode)',
      async (language) => {
        const held = suite.pages.hold('/api/v1/Calculator/CalculateFeeOptions')
        const waiting = await suite.open(`/demo/portal.html?lang=${language}`)
        await held.arrived
        await waiting.waitForInside(`.fc[data-state=empty][lang=${language}]`)
        await expectClean(waiting, 'first plan on its way')
        held.release()
        await waiting.loaded()
        await waiting.click('[part=save-button]')
        const { versionHashCode } = await waiting.event('feeOptionSelectedEvent')
        await waiting.close()

        // The version number cannot be had: the reopened plan says so in a toast.
        const restore = suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
        try {
          const reopened = await suite.open(`/fees/${versionHashCode}`)
          // Hash mode has no host to tell: the failure goes to the console as well as to the toast.
          reopened.expectError(/^\[fees-calculator\] version number fetch failed/)
          await reopened.waitForInside('[data-sonner-toast][data-type=error]')
          await expectClean(reopened, 'error toast')
          await reopened.close()
        } finally {
          restore()
        }
      },
    )

    it.each(['es', 'en'] as const)(
      'finds nothing in %s: editable, a refused amount, the calendar open, refinancing',
      async (language) => {
        const page = await suite.open(`/demo/portal.html?lang=${language}&system=2`)
        await page.loaded()
        await expectClean(page, 'editable')
        await page.click('input[data-figure=initialAmount]')
        await page.type('seis mil')
        await page.press('Enter')
        await page.waitForInside('.fc-field-error')
        await expectClean(page, 'refused amount')
        await page.press('Escape')
        await page.calendarReady()
        await page.click('button[part=date]')
        await page.waitForInside('.react-datepicker__day--selected')
        await expectClean(page, 'calendar')
        await page.close()

        const refinancing = await suite.open(`/demo/portal.html?lang=${language}&type=1`)
        await refinancing.loaded()
        await refinancing.waitForInside('[data-figure=partialPayment]')
        await expectClean(refinancing, 'refinancing')
      },
    )

    it.each(['es', 'en'] as const)(
      'finds nothing in %s: an ERP system before and after it sends its plan, a saved plan, the schedule on demand',
      async (language) => {
        const erp = await suite.open(`/demo/portal.html?lang=${language}&system=3`)
        await erp.loaded()
        await expectClean(erp, 'ERP')
        await erp.click('[part=save-button]')
        await erp.waitForInside('[part=schedule] tbody tr')
        await erp.settled()
        await expectClean(erp, 'ERP sent')
        await erp.close()

        const saved = await suite.open(`/demo/portal.html?lang=${language}`)
        await saved.loaded()
        await saved.click('[part=save-button]')
        await saved.waitForInside('.fc[data-state=locked]')
        await saved.waitForInside('[part=schedule] tbody tr')
        await expectClean(saved, 'saved and locked')
        await saved.close()

        const onDemand = await suite.open(`/demo/portal.html?lang=${language}`)
        await onDemand.loaded()
        await onDemand.click('.fc-buttons .fc-button--secondary')
        await onDemand.waitForInside('[part=schedule] tbody tr')
        await onDemand.settled()
        await expectClean(onDemand, 'schedule on demand')
      },
    )
  },
  // Chromium runs the same checks, and more, in test/browser/a11y.test.ts.
  { engines: ['firefox', 'webkit'] },
)
