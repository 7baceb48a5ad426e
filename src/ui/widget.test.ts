import { afterEach, describe, expect, it } from 'vitest'
import { langOf } from './widget.ts'

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.removeAttribute('lang')
})

/** `<div lang=…><section><span id=target>` in the page, or inside a shadow root of that section. */
function place(markup: string) {
  document.body.innerHTML = markup
  return document.getElementById('target')
}

describe('langOf: `lang` as the platform resolves it', () => {
  it("takes the element's own, else its closest ancestor's, else the document's", () => {
    document.documentElement.lang = 'gl'
    expect(langOf(place('<div lang="ca"><span id="target" lang="eu"></span></div>'))).toBe('eu')
    expect(langOf(place('<div lang="ca"><section><span id="target"></span></section></div>'))).toBe('ca')
    expect(langOf(place('<section><span id="target"></span></section>'))).toBe('gl')
  })

  it('is null where nothing says one, and "" where a page says the language is unknown', () => {
    expect(langOf(place('<span id="target"></span>'))).toBeNull()
    expect(langOf(null)).toBeNull()
    document.documentElement.lang = 'es'
    expect(langOf(place('<div lang=""><span id="target"></span></div>'))).toBe('')
  })

  it("crosses shadow roots: an element inside another component's shadow tree inherits from its host's ancestors", () => {
    const host = place('<div lang="pt"><section id="target"></section></div>')!
    const inner = document.createElement('span')
    host.attachShadow({ mode: 'open' }).append(inner)
    expect(langOf(inner)).toBe('pt')
  })
})
