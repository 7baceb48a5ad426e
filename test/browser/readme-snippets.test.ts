import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { describeEngines, type TestPage } from '../support/harness.ts'
import { isoDay } from '../support/screen.ts'

/**
 * The README's embed, theming and event-handling examples, run as written
 * against the reference API: only their placeholders (the CDN URL, the
 * token, the date) are filled in. A snippet is the fenced block after a
 * `<!-- snippet:NAME -->` line.
 */
function readmeSnippets(): Record<string, string> {
  const readme = readFileSync('README.md', 'utf8')
  const snippets: Record<string, string> = {}
  for (const [, name, code] of readme.matchAll(/<!-- snippet:(\w+) -->\s*```\w*\n([\s\S]*?)```/g))
    snippets[name!] = code!
  return snippets
}

/** Replaces a placeholder that must be there: a README that changes its example fails here, not silently. */
function fill(code: string, placeholder: string, value: string): string {
  expect(code, `the snippet has no ${placeholder}`).toContain(placeholder)
  return code.split(placeholder).join(value)
}

/** The declarations of the first rule for `selector` in a CSS text. */
function declarations(css: string, selector: string): [string, string][] {
  const start = css.indexOf(`${selector} {`)
  expect(start, `no rule for ${selector}`).toBeGreaterThanOrEqual(0)
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start))
  return body
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()] as [string, string])
}

/** What the browser computes for `property: value` on a plain element: the value to expect on the part. */
function computed(page: TestPage, property: string, value: string): Promise<string> {
  return page.evaluate(
    (p, v) => {
      const probe = document.createElement('div')
      probe.style.setProperty(p, v)
      document.body.append(probe)
      const result = getComputedStyle(probe).getPropertyValue(p)
      probe.remove()
      return result
    },
    property,
    value,
  )
}

const snippets = readmeSnippets()
const SAVE_BUTTON = 'fees-calculator [part~="save-button"]'

describeEngines("the README's examples", ['chromium'], (suite) => {
  /** The README's embed, theme and event snippets on one page, their placeholders filled in. */
  async function openReadme(): Promise<TestPage> {
    const nextMonth = new Date()
    nextMonth.setMonth(nextMonth.getMonth() + 1, 5)
    let embed = fill(
      snippets.embed ?? '',
      'https://cdn.example.edu/fees-calculator/0.1.0/fees-calculator.js',
      '/dist/fees-calculator.js',
    )
    // The script's hash as the build wrote it: the snippet runs pinned, as a university would embed it.
    const integrity = JSON.parse(readFileSync('dist/integrity.json', 'utf8')) as Record<string, string>
    embed = fill(embed, 'sha384-<fees-calculator.js in integrity.json>', integrity['fees-calculator.js'] ?? '')
    embed = fill(embed, '<bearer token>', await suite.demo.token())
    embed = fill(embed, '"dateOfPayment":"2027-01-05"', `"dateOfPayment":"${isoDay(nextMonth)}"`)
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${snippets.theme}</style></head>
    <body>${embed}<script type="module">${snippets.events}</script></body></html>`
    return suite.open('/readme.html', { html })
  }

  it('has the embed, theming and event-handling snippets', () => {
    expect(Object.keys(snippets).sort()).toEqual(['embed', 'events', 'theme'])
  })

  it('embed: the script tag and the element render the calculator, calculated', async () => {
    const page = await openReadme()
    await page.playwright.getByText('Degree in Computer Engineering').waitFor()
    await page.settled()
    expect(await page.text('[data-figure=feeAmount]')).toMatch(/[1-9]/)
  })

  it("theming: the element's --fc-primary colours the SAVE part, and the ::part() rule applies", async () => {
    const page = await openReadme()
    const css = snippets.theme ?? ''
    const primary = new Map(declarations(css, 'fees-calculator')).get('--fc-primary')
    expect(primary).toBeDefined()
    await expect.poll(() => page.playwright.locator(SAVE_BUTTON).isEnabled()).toBe(true)
    const background = await page.playwright
      .locator(SAVE_BUTTON)
      .evaluate((button) => getComputedStyle(button).backgroundColor)
    expect(background).toBe(await computed(page, 'background-color', primary!))
    const partRule = declarations(css, 'fees-calculator::part(save-button)')
    expect(partRule.length).toBeGreaterThan(0)
    for (const [property, value] of partRule) {
      const actual = await page.playwright
        .locator(SAVE_BUTTON)
        .evaluate((button, p) => getComputedStyle(button).getPropertyValue(p), property)
      expect(actual, property).toBe(await computed(page, property, value))
    }
  })

  it('events: the handlers hear the result, the save and a refused input', async () => {
    const page = await openReadme()
    const logged = async (pattern: RegExp) => (await page.console()).some((line) => pattern.test(line))
    await expect.poll(() => logged(/^log: monthly fee \d+(\.\d+)? in 12 fees$/)).toBe(true)
    await page.playwright.locator(SAVE_BUTTON).click()
    await expect.poll(() => logged(/^log: plan saved as version 1$/)).toBe(true)
    await page.evaluate(() => document.querySelector('fees-calculator')!.setAttribute('tuition-input', '{not json'))
    await expect.poll(() => logged(/^warning: tuition input refused or not calculated: /)).toBe(true)
  })
})
