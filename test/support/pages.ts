/**
 * What the Chromium suite (test/browser/harness.ts) and the engine suite
 * (test/support/engines.ts) share of a page: the options a test opens one
 * with, and the script that records the element's events in it from the
 * first script on, so that none is missed before a test listens.
 */
import { EVENT_NAMES, type FeesCalculatorEventName } from '../../src/events.ts'

export interface OpenOptions {
  /** The viewport; 1100 × 900 unless said. */
  width?: number
  height?: number
  /** A host page of the test's own, served on the demo server's origin (Chromium: at `path`; the engines: at a path of the page server's, `path` ignored). */
  html?: string
}

/** An event of a <fees-calculator> as it reached the document. */
export interface RecordedEvent {
  name: FeesCalculatorEventName
  // biome-ignore lint/suspicious/noExplicitAny: an event's detail as the page serialised it; each test reads the fields of its event.
  detail: any
  /** The element's id, else its tag name. */
  target: string
  bubbles: boolean
  composed: boolean
}

/** A page's window once the recorder has run: its events in the order they reached the document. */
export interface RecordingWindow {
  __fcEvents: RecordedEvent[]
}

/** Runs in the page before any of its scripts. */
function recordEvents(names: readonly string[]) {
  const events: RecordedEvent[] = []
  ;(window as unknown as RecordingWindow).__fcEvents = events
  // Bubbling phase on the document: an event that does not bubble out of the shadow root never gets here.
  for (const name of names)
    document.addEventListener(name, (event) =>
      events.push({
        name: name as FeesCalculatorEventName,
        detail: (event as CustomEvent).detail,
        target: (event.target as Element).id || (event.target as Element).localName,
        bubbles: event.bubbles,
        composed: event.composed,
      }),
    )
}

/** The recorder as a script's text, for Chromium's init scripts and the engines' probe. */
export const RECORD_EVENTS_SCRIPT = `(${recordEvents.toString()})(${JSON.stringify(EVENT_NAMES)});\n`
