import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import type { Language } from '../domain/language.ts'
import { createWidgetWords, type WordsPiece } from './i18n.ts'
import { useLanguagePiece } from './useChunk.ts'

// The words arrive as dynamic imports: the test waits for the screen rather than wrap them in act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false })

const unmounts: (() => void)[] = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

/** A part's words for Catalan, fetched when asked and arriving when the test lets them. */
function piece(): WordsPiece & { asked: number; arrive(): void } {
  let here = false
  let arrive = () => {}
  return {
    asked: 0,
    has: (language: Language) => here && language === 'ca',
    load(this: { asked: number }) {
      this.asked += 1
      return new Promise<void>((resolve) => {
        arrive = () => {
          here = true
          resolve()
        }
      })
    },
    arrive: () => arrive(),
  }
}

describe('useLanguagePiece', () => {
  it('switches once a part drawn while the words were on their way has its words too', async () => {
    const words = createWidgetWords()
    const later = piece()
    // A part already shown, whose words arrive at once; while they are fetched, another part is drawn (the kept
    // plan's parts, whose chunk is preloaded after the first figures) with words of its own to fetch.
    let shownLater = false
    words.show({
      has: () => shownLater,
      load: () => {
        words.show(later)
        shownLater = true
        return Promise.resolve()
      },
    })
    const failures: unknown[] = []
    const onFailure = (error: unknown) => failures.push(error)
    function Card({ language }: { language: Language }) {
      const ready = words.ready(language)
      useLanguagePiece(language, ready, words.load, onFailure)
      return <p>{ready ? language : 'waiting'}</p>
    }
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    unmounts.push(() => root.unmount())
    root.render(<Card language="ca" />)

    // The first load did not know of the later part: its words are asked for once it has arrived, not never.
    await eventually(() => expect(later.asked).toBe(1))
    expect(host.textContent).toBe('waiting')
    later.arrive()
    await eventually(() => expect(host.textContent).toBe('ca'))
    expect(failures).toEqual([])
  })
})
