import { describe, expect, it } from 'vitest'
import { adoptStyles, remToPx, styleRootOf } from './adopt.ts'

describe('remToPx', () => {
  it('pins rem sizes to px so the page root font size cannot scale the widget', () => {
    expect(remToPx('.a{font-size:0.8rem;border-radius:.3rem;margin:1rem 2rem}')).toBe(
      '.a{font-size:12.8px;border-radius:4.8px;margin:16px 32px}',
    )
    expect(remToPx('.a{width:2.125em}')).toBe('.a{width:2.125em}')
  })
})

describe('adoptStyles', () => {
  it('gives each CSS text to a shadow root once', () => {
    const host = document.createElement('div')
    const root = host.attachShadow({ mode: 'open' })
    adoptStyles(root, ['.a{color:red}', '.b{color:blue}'])
    adoptStyles(root, ['.a{color:red}'])
    const count =
      'adoptedStyleSheets' in root && root.adoptedStyleSheets.length > 0
        ? root.adoptedStyleSheets.length
        : root.querySelectorAll('style').length
    expect(count).toBe(2)
  })

  it('finds the shadow root a node renders in', () => {
    const host = document.createElement('div')
    const root = host.attachShadow({ mode: 'open' })
    const node = document.createElement('span')
    root.append(node)
    expect(styleRootOf(node)).toBe(root)
  })
})
