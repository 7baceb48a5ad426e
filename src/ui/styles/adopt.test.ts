import { describe, expect, it } from 'vitest'
import { adoptStyles, styleRootOf } from './adopt.ts'

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
