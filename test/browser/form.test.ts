// <fees-calculator name="plan" required> in a portal's <form>, as the student meets it in each engine: the form
// does not go on before a plan is saved (the browser's message in the card's language, pointing at SAVE), submits
// the saved version's hash after, a reset brings back the host's plan, a disabled element or fieldset cannot be used,
// and going back to the page brings back the saved plan.
import { describe, expect, it } from 'vitest'
import { tuitionInput } from '../support/fixtures.ts'
import { describeEngines, EVERY_ENGINE, type TestPage } from '../support/harness.ts'

/** Where the form is sent: a page of the page server's, whose request it logs with its body. */
const SENT = '/__engines/sent.html'

/** The portal's step: the calculator in a fieldset of a form, beside a field of the portal's own. */
function formPage(input: object, { language = 'es', attributes = 'name="plan" required', script = '' } = {}): string {
  const json = JSON.stringify(input).replace(/'/g, '&#39;')
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>payment</title>
<script type="module" src="/dist/fees-calculator.js"></script></head><body>
<form id="enrol" action="${SENT}" method="post">
  <fieldset id="payment"><legend>Payment</legend>
    <fees-calculator ${attributes} tuition-input='${json}'></fees-calculator>
  </fieldset>
  <input name="student" value="S-1">
  <button id="continue">Continue</button>
</form>
<a id="away" href="/__engines/away.html">Terms</a>
<script>${script}</script>
</body></html>`
}

const input = (token: string, language = 'es') =>
  tuitionInput({
    dateOfPayment: '2030-01-05',
    numberOfFees: 12,
    system: 1,
    language,
    token,
    contractId: 'C-FORM-1',
    studyIdName: 'Grado en Economía',
  })

/** The form's entries as FormData reads them. */
const entries = (page: TestPage) =>
  page.evaluate(() => [...new FormData(document.querySelector('form')!)].map(([k, v]) => `${k}=${v}`))

/** Waits for the page titled `title` after a navigation (the page's scripts cannot be asked while it goes). */
async function arrivedAt(page: TestPage, title: string): Promise<void> {
  const deadline = Date.now() + 20_000
  let seen = 0
  for (;;) {
    const there = await page.evaluate(() => document.readyState === 'complete' && document.title).catch(() => null)
    // Twice in a row: the page that is going away can still answer once.
    seen = there === title ? seen + 1 : 0
    if (seen === 2) return
    if (Date.now() > deadline) throw new Error(`${page.engine}: never arrived at ${title}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** SAVE pressed as a student does, and the saved version's hash. */
async function save(page: TestPage, count = 1): Promise<string> {
  await page.loaded()
  await page.click('[part~=save-button]')
  const { versionHashCode } = await page.event('feeOptionSelectedEvent', count)
  await page.settled()
  return versionHashCode as string
}

describeEngines('<fees-calculator> in a form', EVERY_ENGINE, (suite) => {
  const sent = () => suite.pages.requests.filter((request) => request.path.startsWith(SENT))
  const apiCalls = (path: string) => suite.pages.requests.filter((request) => request.path.includes(path)).length

  async function open(language = 'es', options: Parameters<typeof formPage>[1] = {}) {
    suite.pages.page('<!doctype html><title>sent</title><p>sent', SENT)
    const page = await suite.open('', {
      html: formPage(input(await suite.demo.token(), language), { language, ...options }),
    })
    await page.loaded()
    return page
  }

  describe('with required', () => {
    it('does not submit before a save: invalid, with the message in the card language, and the focus on SAVE', async () => {
      const page = await open('en')
      expect(await entries(page)).toEqual(['student=S-1'])
      const state = await page.evaluate(() => {
        const form = document.querySelector('form')!
        const element = document.querySelector('fees-calculator')!
        return {
          valid: form.checkValidity(),
          valueMissing: element.validity.valueMissing,
          message: element.validationMessage,
          invalid: element.matches(':invalid'),
          inForm: element.form === form,
        }
      })
      expect(state).toEqual({
        valid: false,
        valueMissing: true,
        message: 'Save your plan to continue.',
        invalid: true,
        inForm: true,
      })
      // Reported: the browser's message at SAVE, which takes the focus; the Continue button's own path sends nothing.
      // Firefox checks that the element itself can take the focus before it reports, and logs that it cannot
      // instead (the submission is held back all the same): known open, see README "In a form".
      if (suite.engine !== 'firefox') {
        await page.evaluate(() => document.querySelector('form')!.reportValidity())
        await page.waitFor('the focus inside', () => document.activeElement?.localName === 'fees-calculator')
        expect(await page.focused()).toContain('save-button')
        await page.evaluate(() => document.querySelector('form')!.requestSubmit())
      }
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(sent()).toEqual([])
    })

    it('speaks the card language: Spanish (tú)', async () => {
      const page = await open('es')
      expect(await page.evaluate(() => document.querySelector('fees-calculator')!.validationMessage)).toBe(
        'Guarda tu plan para continuar.',
      )
    })

    it('submits the saved version hash after SAVE, in FormData and in a real submission', async () => {
      const page = await open()
      const hash = await save(page)
      expect(await entries(page)).toEqual([`plan=${hash}`, 'student=S-1'])
      expect(await page.evaluate(() => document.querySelector('form')!.checkValidity())).toBe(true)
      await page.evaluate(() => {
        setTimeout(() => document.querySelector('form')!.requestSubmit(), 0)
      })
      await arrivedAt(page, 'sent')
      expect(sent().map((request) => [request.method, request.body])).toEqual([
        ['POST', `plan=${encodeURIComponent(hash)}&student=S-1`],
      ])
    })
  })

  it('goes back to the host plan on reset: unlocked, recalculated, its hash gone', async () => {
    const page = await open()
    await page.evaluate(() => {
      const select = document.querySelector('fees-calculator')!.shadowRoot!.querySelector('select')!
      select.value = '18'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await page.event('calculationResultReceivedEvent', 2)
    await save(page)
    await page.waitForInside('.fc[data-state=locked]')
    const calculations = apiCalls('CalculateFeeOptions')
    await page.evaluate(() => document.querySelector('form')!.reset())
    await page.event('calculationResultReceivedEvent', 3)
    await page.loaded()
    expect(apiCalls('CalculateFeeOptions')).toBe(calculations + 1)
    expect(
      await page.evaluate(() => document.querySelector('fees-calculator')!.shadowRoot!.querySelector('select')!.value),
    ).toBe('12')
    expect(await entries(page)).toEqual(['student=S-1'])
    expect(await page.evaluate(() => document.querySelector('form')!.checkValidity())).toBe(false)
    // Saved again: a new version, in the form.
    const again = await save(page, 2)
    expect(await entries(page)).toEqual([`plan=${again}`, 'student=S-1'])
  })

  describe('disabled', () => {
    /** What the student can reach inside: each control and whether it is disabled, and the card's opacity. */
    const controls = (page: TestPage) =>
      page.evaluate(() => {
        const root = document.querySelector('fees-calculator')!.shadowRoot!
        return {
          enabled: [...root.querySelectorAll<HTMLButtonElement>('select, input, button')].filter(
            (c) => !c.matches(':disabled'),
          ).length,
          opacity: Number(getComputedStyle(root.querySelector('.fc-card')!).opacity),
        }
      })

    it('by a fieldset: its controls cannot be used, SAVE starts nothing, and the form leaves it out', async () => {
      const page = await open()
      await page.evaluate(() => document.getElementById('payment')!.setAttribute('disabled', ''))
      await page.waitFor('the controls disabled', () =>
        document
          .querySelector('fees-calculator')!
          .shadowRoot!.querySelector('[part~=save-button]')!
          .matches(':disabled'),
      )
      expect(await controls(page)).toEqual({ enabled: 0, opacity: expect.any(Number) })
      expect((await controls(page)).opacity).toBeLessThan(1)
      await page.screenshot(`form-disabled-${suite.engine}`)
      const [saves, calculations] = [apiCalls('FrontCalculateFees'), apiCalls('CalculateFeeOptions')]
      await page.click('[part~=save-button]')
      // A change that reaches the card's handlers all the same (a script's, a calendar left open) starts nothing.
      await page.evaluate(() => {
        const select = document.querySelector('fees-calculator')!.shadowRoot!.querySelector('select')!
        select.value = '18'
        select.dispatchEvent(new Event('change', { bubbles: true }))
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect([apiCalls('FrontCalculateFees'), apiCalls('CalculateFeeOptions')]).toEqual([saves, calculations])
      // A disabled control is not validated: the form may go on, without it.
      expect(await page.evaluate(() => document.querySelector('form')!.checkValidity())).toBe(true)
      await page.evaluate(() => document.getElementById('payment')!.removeAttribute('disabled'))
      await page.waitFor(
        'the controls enabled again',
        () =>
          !document
            .querySelector('fees-calculator')!
            .shadowRoot!.querySelector('[part~=save-button]')!
            .matches(':disabled'),
      )
      const hash = await save(page)
      expect(await entries(page)).toEqual([`plan=${hash}`, 'student=S-1'])
      await page.evaluate(() => document.getElementById('payment')!.setAttribute('disabled', ''))
      expect(await entries(page)).toEqual(['student=S-1'])
    })

    it('by its own attribute or property, reflected', async () => {
      const page = await open('es', { attributes: 'name="plan" required disabled' })
      expect(await controls(page)).toMatchObject({ enabled: 0 })
      expect(await page.evaluate(() => document.querySelector('fees-calculator')!.disabled)).toBe(true)
      await page.evaluate(() => {
        document.querySelector('fees-calculator')!.disabled = false
      })
      await page.waitFor(
        'the controls enabled',
        () => !document.querySelector('fees-calculator')!.hasAttribute('disabled'),
      )
      await page.waitFor(
        'SAVE enabled',
        () =>
          !document
            .querySelector('fees-calculator')!
            .shadowRoot!.querySelector('[part~=save-button]')!
            .matches(':disabled'),
      )
      expect((await controls(page)).opacity).toBe(1)
    })
  })

  it('brings the saved plan back when the student goes back to the page', async () => {
    // Firefox restores a form's state only on a page it may keep; the unload listener keeps pages out of the
    // engines' back-forward cache where they honour it, so that the page loads again and the browser restores.
    suite.pages.page('<!doctype html><title>away</title><p>away', '/__engines/away.html')
    suite.pages.page('<!doctype html><title>sent</title><p>sent', SENT)
    const html = formPage(input(await suite.demo.token()), { script: "addEventListener('unload', () => {})" })
    suite.pages.page(html, '/__engines/form.html', { cacheable: true })
    // WebKitGTK keeps the page whole and stops the loads under way as the student leaves (the chunks preloaded once
    // the save has answered): none of them is reported, and each loads again once the page is back.
    const page = await suite.open('/__engines/form.html')
    const hash = await save(page)
    const version = await page.text('[data-figure=versionNumber]')
    await page.evaluate(() => {
      ;(window as unknown as { __before: boolean }).__before = true
      setTimeout(() => document.getElementById('away')!.click(), 0)
    })
    await arrivedAt(page, 'away')
    await page.evaluate(() => {
      setTimeout(() => history.back(), 0)
    })
    await arrivedAt(page, 'payment')
    const kept = await page.evaluate(() => (window as unknown as { __before?: boolean }).__before === true)
    // Chromium and Firefox load the page again and give the element its state back; WebKitGTK keeps the page whole.
    expect(kept).toBe(suite.engine === 'webkit')
    await page.waitFor(
      'the saved version',
      () =>
        document
          .querySelector('fees-calculator')
          ?.shadowRoot?.querySelector('[data-figure=versionNumber]')
          ?.textContent?.trim() !== '—',
    )
    await page.settled()
    expect(await page.text('[data-figure=versionNumber]')).toBe(version)
    if (!kept) expect(apiCalls(`/feestable/${hash}`)).toBe(1)
    expect(await entries(page)).toEqual([`plan=${hash}`, 'student=S-1'])
    expect(await page.evaluate(() => document.querySelector('form')!.checkValidity())).toBe(true)
  })
})
