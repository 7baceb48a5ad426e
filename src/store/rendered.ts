// A card rendered on the server starts where the flow would be once its host's properties were given, it was put in
// the page and its calls were answered: the server renders that state, and the element that takes the card over
// starts its store at the same state, folded from the same events (docs/embedding.md#rendered-on-a-server).
import type { ElementPropName } from '../domain/props.ts'
import { readTuitionText } from '../domain/tuition.ts'
import { flowStore } from './calculator-store.ts'
import { type Answer, type Effect, type FlowEvent, HOST_ORDER, initialState, type Step, transition } from './flow.ts'
import { createRunner } from './runner.ts'
import type { CalculatorConfig, CalculatorDeps, CalculatorStore } from './state.ts'

/**
 * What a card is rendered from, as the server writes it into the page for the client: the host's properties as the
 * element's attributes give them (text; never a token or a key), and the API's answers to the calls the flow made,
 * in the order it made them (the figures; a saved version's number).
 */
export interface RenderedCard {
  given: Partial<Record<ElementPropName, string>>
  answers: Answer[]
}

/**
 * The flow's state after the card's events: each property the host gave (in the order the element hands them over),
 * the university's words once checked (`messages`, as the check of src/ui/own-words-check.ts made them), the element
 * put in the page, and each call answered in turn. The effects are those still to be carried out: the host's events
 * (calculationResultReceivedEvent), a call no answer was given for, the save bar's rules asked for once the figures
 * are drawn (src/store/saving.ts: never in the server's card, so neither in the element's first render of it); not the
 * calls answered here.
 */
export function renderedStep(card: RenderedCard, messages?: CalculatorConfig['messages']): Step {
  let state = initialState()
  const effects: Effect[] = []
  const apply = (event: FlowEvent) => {
    const step = transition(state, event)
    state = step.state
    effects.push(...step.effects)
  }
  for (const prop of HOST_ORDER) {
    const value = card.given[prop]
    // A tuition input given as text is read as the element reads its attribute.
    if (value !== undefined)
      apply({ type: 'propertySet', prop, value: prop === 'tuitionInput' ? readTuitionText(value) : value })
  }
  if (messages !== undefined) apply({ type: 'messagesChecked', value: state.given.messages, messages })
  apply({ type: 'attached' })
  // Each answer answers the first call still waiting, in its slot, as the runner would hand it back.
  const answered = new Set<Effect>()
  for (const answer of card.answers) {
    const sent = effects.find((effect) => effect.type === 'send' && !answered.has(effect))
    if (sent?.type !== 'send' || sent.call.api !== answer.api) break
    answered.add(sent)
    apply({ type: 'answered', slot: sent.slot, count: sent.count, answer })
  }
  return {
    state,
    effects: effects.filter((effect) => effect.type !== 'checkMessages' && !answered.has(effect)),
  }
}

/** The call the card still waits for, if any: what a server that fetches the answers itself sends next. */
export function nextCall(step: Step): Extract<Effect, { type: 'send' }>['call'] | null {
  const sent = step.effects.find((effect) => effect.type === 'send')
  return sent?.type === 'send' ? sent.call : null
}

/**
 * A store that starts at `step`'s state, with the calculator's runner (src/store/runner.ts); `start()` carries out
 * the step's effects, once the card is on screen (the host hears of the figures it already shows).
 */
export function renderedStore(deps: CalculatorDeps, step: Step): { store: CalculatorStore; start(): void } {
  let run: (effects: readonly Effect[]) => void = () => {}
  const store = flowStore(step.state, (dispatch, get) => {
    run = createRunner(deps, dispatch, get)
    return run
  })
  return { store, start: () => run(step.effects) }
}
