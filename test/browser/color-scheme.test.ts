/**
 * The card's colour scheme in Chromium, Firefox and WebKit, each launched as a
 * student's device with a dark scheme (Chromium: emulated media; Firefox: its
 * colour-scheme preference; WebKit: MiniBrowser's dark mode) and with none:
 * dark by default on a dark device (card, fields, calendar, schedule, failure
 * notice, toast, header and footer), axe-clean; the `color-scheme` attribute
 * and property force light or dark; a `--fc-*` property the host set wins in
 * either. The screenshots land in test-results/screens/<engine>-dark-*.png.
 */
import { expect, it } from 'vitest'
import { expectAxeClean } from '../support/axe.ts'
import { hashModePage, UNAVAILABLE } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'
import { luminance, styleAsPrinted, stylesOf } from '../support/student-settings.ts'

/** Below this a background reads as dark, above the other a text as light (relative luminance, 0 to 1). */
const DARK = 0.05
const LIGHT = 0.3

/** The boxes a dark card paints dark, and the texts it writes light. */
const SURFACES = {
  base: '.fc',
  card: '.fc-card',
  select: '[part=fee-select]',
  date: 'button[part=date]',
  monthlyFee: '[part=monthly-fee]',
  summary: '[part=summary]',
  schedule: '[part=schedule]',
  calendar: '.react-datepicker',
  toast: '[data-sonner-toast]',
}
const TEXTS = {
  title: '[part=title]',
  header: '.fc-header a',
  footer: '.fc-copyright',
  label: '.fc-label',
  figure: '[data-figure=finalFee]',
  failure: '[part=failure] p',
  toast: '[data-sonner-toast] [data-title]',
}

/** The brand colour of each scheme's defaults, as engines compute it. */
const PRIMARY = { light: 'rgb(31, 79, 209)', dark: 'rgb(140, 180, 255)' }

/**
 * Waits until the monthly fee and SAVE, whose colours fade in 0.15 s, show the scheme's brand colour: after a switch
 * of scheme, axe must measure the colours they end with (WebKit lists no running transition to wait for).
 */
function brandColoured(page: TestPage, scheme: 'dark' | 'light') {
  return page.waitFor(
    `the ${scheme} brand colour`,
    (primary) => {
      const root = document.querySelector('fees-calculator')!.shadowRoot!
      const fee = root.querySelector('.fc-highlight-amount')
      const save = root.querySelector('[part=save-button]')
      return (
        !!fee && !!save && getComputedStyle(fee).color === primary && getComputedStyle(save).backgroundColor === primary
      )
    },
    PRIMARY[scheme],
  )
}

/** Every surface and text of the card that is on screen now, as dark or light as the scheme asks. */
async function expectScheme(page: TestPage, scheme: 'dark' | 'light') {
  const surfaces = await stylesOf(page, SURFACES, ['background-color'])
  const texts = await stylesOf(page, TEXTS, ['color'])
  const seen: string[] = []
  for (const [name, style] of Object.entries(surfaces)) {
    // The base is see-through on a light card: the page shows behind the header and footer.
    if (!style || (name === 'base' && scheme === 'light')) continue
    seen.push(name)
    const dark = luminance(style['background-color']!) < DARK
    expect(dark, `${name} background ${style['background-color']}`).toBe(scheme === 'dark')
  }
  for (const [name, style] of Object.entries(texts)) {
    if (!style) continue
    seen.push(name)
    const light = luminance(style.color!) > LIGHT
    expect(light, `${name} colour ${style.color}`).toBe(scheme === 'dark')
  }
  return seen
}

describeEngines(
  'on a device with a dark colour scheme',
  EVERY_ENGINE,
  (suite) => {
    it.each([
      ['es', 1100],
      ['eu', 375],
    ] as const)(
      'draws the whole card dark in %s at %i px, axe-clean with the calendar and the schedule',
      async (language, width) => {
        const page = await suite.open(`/demo/portal.html?lang=${language}`, { width })
        await page.loaded()
        expect(await expectScheme(page, 'dark')).toEqual(
          expect.arrayContaining(['base', 'card', 'select', 'date', 'title', 'header', 'footer', 'figure']),
        )
        await expectAxeClean(page, 'dark')
        await page.screenshot(`${suite.engine}-dark-${width}-${language}`)

        await page.calendarReady()
        await page.click('button[part=date]')
        await page.waitForInside('.react-datepicker__day--selected')
        expect(await expectScheme(page, 'dark')).toContain('calendar')
        await expectAxeClean(page, 'dark, calendar open')
        await page.screenshot(`${suite.engine}-dark-${width}-${language}-calendar`)
        await page.press('Escape')
        await page.waitForGone('.react-datepicker__day--selected')

        await page.click('.fc-buttons .fc-button--secondary')
        await page.waitForInside('[part=schedule] tbody tr')
        await page.settled()
        expect(await expectScheme(page, 'dark')).toContain('schedule')
        await expectAxeClean(page, 'dark, schedule')
        await page.screenshot(`${suite.engine}-dark-${width}-${language}-schedule`)
      },
    )

    it('says a failed calculation on a dark card, axe-clean, and a toast is dark too', async () => {
      const restore = suite.pages.refuse('/api/v1/Calculator/CalculateFeeOptions', 503, UNAVAILABLE)
      try {
        const failed = await suite.open('/demo/portal-client.html?lang=en', { width: 375 })
        failed.expectError(/status of 503/)
        await failed.waitForInside('[part=failure][role=alert]:not([aria-busy])')
        await failed.settled()
        expect(await expectScheme(failed, 'dark')).toContain('failure')
        await expectAxeClean(failed, 'dark, calculation failed')
        await failed.screenshot(`${suite.engine}-dark-375-en-failure`)
        await failed.close()
      } finally {
        restore()
      }

      const saving = await suite.open('/demo/portal.html?lang=en')
      await saving.loaded()
      await saving.click('[part=save-button]')
      const { versionHashCode } = await saving.event('feeOptionSelectedEvent')
      await saving.close()
      // The version number cannot be had: the reopened plan says so in a toast.
      const restoreNumber = suite.pages.refuse('/api/v1/Version/Number', 503, UNAVAILABLE)
      try {
        const reopened = await suite.open('', { html: hashModePage(versionHashCode) })
        reopened.expectError(/^\[fees-calculator\] version number fetch failed|status of 503/)
        await reopened.waitForInside('[data-sonner-toast][data-type=error]')
        expect(await expectScheme(reopened, 'dark')).toContain('toast')
        await expectAxeClean(reopened, 'dark, error toast')
        await reopened.screenshot(`${suite.engine}-dark-1100-en-toast`)
      } finally {
        restoreNumber()
      }
    })

    it('goes light where the host forces color-scheme="light" (attribute or property), dark again without', async () => {
      const page = await suite.open('/demo/portal.html?lang=en', { width: 375 })
      await page.loaded()
      const force = (how: 'attribute' | 'property', value: string | null) =>
        page.evaluate(
          (h, v) => {
            const element = document.querySelector('fees-calculator') as HTMLElement & { colorScheme: string | null }
            if (h === 'property') element.colorScheme = v
            else if (v === null) element.removeAttribute('color-scheme')
            else element.setAttribute('color-scheme', v)
          },
          how,
          value,
        )
      await force('attribute', 'light')
      await page.waitForInside('.fc[data-color-scheme=light]')
      await expectScheme(page, 'light')
      await brandColoured(page, 'light')
      await expectAxeClean(page, 'forced light on a dark device')
      await force('attribute', null)
      await page.waitForInside('.fc:not([data-color-scheme])')
      await expectScheme(page, 'dark')
      await force('property', 'LIGHT')
      await page.waitForInside('.fc[data-color-scheme=LIGHT]')
      await expectScheme(page, 'light')
      // Anything but light or dark follows the student's device.
      await force('property', 'sepia')
      await page.waitForInside('.fc[data-color-scheme=sepia]')
      await expectScheme(page, 'dark')
    })

    it('prints in black on white all the same, the colours the host set too', async () => {
      const page = await suite.open('/demo/portal.html?lang=es')
      await page.loaded()
      await page.evaluate(() =>
        (document.querySelector('fees-calculator') as HTMLElement).style.setProperty('--fc-text', '#eeeeee'),
      )
      await styleAsPrinted(page)
      const printed = await stylesOf(
        page,
        { base: '.fc', card: '.fc-card', title: '[part=title]', fee: '[data-figure=feeAmount]', label: '.fc-label' },
        ['color', 'background-color'],
      )
      expect(printed.card!['background-color']).toBe('rgb(255, 255, 255)')
      expect(['rgb(255, 255, 255)', 'rgba(0, 0, 0, 0)']).toContain(printed.base!['background-color'])
      for (const name of ['title', 'fee', 'label'] as const) expect(printed[name]!.color, name).toBe('rgb(0, 0, 0)')
    })

    it("keeps a --fc-* property the host set: the host's background and brand colour win over the dark defaults", async () => {
      const page = await suite.open('/demo/portal.html?lang=es')
      await page.loaded()
      await page.evaluate(() => {
        const element = document.querySelector('fees-calculator') as HTMLElement
        element.style.setProperty('--fc-background', 'rgb(250, 240, 200)')
        element.style.setProperty('--fc-primary', 'rgb(120, 20, 60)')
      })
      const read = () =>
        stylesOf(page, { card: '.fc-card', save: '[part=save-button]', title: '[part=title]' }, [
          'background-color',
          'color',
        ])
      // The card's colours change with a short transition (none under reduced motion): read them once it has ended.
      await expect
        .poll(async () => {
          const styles = await read()
          return [styles.card!['background-color'], styles.save!['background-color']]
        })
        .toEqual(['rgb(250, 240, 200)', 'rgb(120, 20, 60)'])
      const styles = await read()
      // What the host did not set keeps the dark default.
      expect(luminance(styles.title!.color!)).toBeGreaterThan(LIGHT)
    })
  },
  { settings: { colorScheme: 'dark' } },
)

describeEngines('on a device with a light colour scheme', EVERY_ENGINE, (suite) => {
  it('draws the card light, and dark where the host forces color-scheme="dark", the calendar too', async () => {
    const page = await suite.open('/demo/portal.html?lang=es')
    await page.loaded()
    await expectScheme(page, 'light')
    await page.evaluate(() => document.querySelector('fees-calculator')!.setAttribute('color-scheme', 'dark'))
    await page.waitForInside('.fc[data-color-scheme=dark]')
    await expectScheme(page, 'dark')
    await brandColoured(page, 'dark')
    await page.calendarReady()
    await page.click('button[part=date]')
    await page.waitForInside('.react-datepicker__day--selected')
    expect(await expectScheme(page, 'dark')).toContain('calendar')
    await expectAxeClean(page, 'forced dark on a light device, calendar open')
  })
})
