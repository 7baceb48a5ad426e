import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eventually } from '../../test/support/eventually.ts'
import { standInAmortization, standInFeesTable, tuitionInput } from '../../test/support/fixtures.ts'
import { settledState } from '../../test/support/lazy-rules.ts'
import { setPageUrl } from '../../test/support/page-url.ts'
import { type RecordedRequest, type Reply, startRecordingServer } from '../../test/support/recording-server.ts'
import { testStore } from '../../test/support/test-store.ts'
import { withoutToken } from '../domain/payload.ts'
import type { SavedFeesTable, TuitionPayload } from '../domain/types.ts'
import type { SavedPlanDetail } from '../events.ts'

/** The version the plans below replace: 24 fees, saved on 20 November 2026, number 2 of contract C-1. */
const BEFORE = 'saved-version-before-0123456789'
const NEW_HASH = 'saved-version-after-0123456789a'
const savedBefore: SavedFeesTable & { savedAt: string } = {
  result: standInFeesTable({ ...tuitionInput(), numberOfFees: 24 }),
  tuitionInput: { ...withoutToken(tuitionInput()), numberOfFees: 24, linkedVersionIdentifier: 'the-first-one' },
  savedAt: '2026-11-20T09:30:00.000Z',
}

let reply: (request: RecordedRequest) => Reply
let server: Awaited<ReturnType<typeof startRecordingServer>>
const bodyOf = (request: RecordedRequest) => JSON.parse(request.body) as TuitionPayload

/** The reference API's answers, as far as these tests need them. */
function answer(request: RecordedRequest): Reply {
  if (request.url.includes(`/Calculator/feestable/${BEFORE}`)) return { body: savedBefore }
  if (request.url.includes('/Version/Number')) return { body: 2 }
  if (request.url.includes('/FrontCalculateFees'))
    return { body: { ...standInAmortization(bodyOf(request), NEW_HASH), versionNumber: 3 } }
  if (request.url.includes('/CalculateFeeOptions')) return { body: standInFeesTable(bodyOf(request)) }
  return { status: 404, body: { type: 'about:blank', title: 'Not found', status: 404, code: 'version_not_found' } }
}

const setup = () => testStore(`${server.origin}/api/v1`, { retryDelay: () => 1 })

/** The answer to the number of the version replaced, held until `answerTheNumber`. */
function heldNumber() {
  let answerTheNumber = () => {}
  const held = new Promise<void>((resolve) => (answerTheNumber = resolve))
  return { held, answerTheNumber }
}

/** SAVE pressed while that number is held: SAVING… at once and nothing sent, then the number, then the save. */
async function saveBeforeTheNumber(store: ReturnType<typeof setup>['store'], answerTheNumber: () => void) {
  await eventually(() => expect(settledState(store.getState())).toBe(true))
  const saving = store.getState().save()
  expect(store.getState()).toMatchObject({ saveQueued: true, saving: false })
  expect(paths().filter((path) => path.includes('FrontCalculateFees'))).toEqual([])
  answerTheNumber()
  await saving
}

const paths = () => server.requests.map((request) => `${request.method} ${request.url.replace(/\?.*/, '')}`)

beforeAll(async () => {
  server = await startRecordingServer((request) => reply(request))
  setPageUrl(`${server.origin}/`)
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
  reply = answer
})

describe('a plan that replaces a saved version (the input links to it)', () => {
  it('reads that version by its hash only after its own figures, then its number, and keeps both beside the plan', async () => {
    // The plan's own calculation answers late: nothing else may leave before it has.
    reply = (request) =>
      request.url.includes('/CalculateFeeOptions') ? { ...answer(request), delay: 200 } : answer(request)
    const { store } = setup()
    store.getState().setProperty('tuitionInput', tuitionInput({ numberOfFees: 12, linkedVersionIdentifier: BEFORE }))
    expect(store.getState().replaced).toEqual({
      versionHashCode: BEFORE,
      saved: null,
      versionNumber: null,
      reading: false,
      failed: false,
    })
    await eventually(() => expect(server.requests).toHaveLength(1))
    expect(store.getState()).toMatchObject({ calculating: true, replaced: { reading: false } })
    await eventually(() => expect(store.getState().replaced?.versionNumber).toBe(2))
    expect(paths()).toEqual([
      'POST /api/v1/Calculator/CalculateFeeOptions',
      `GET /api/v1/Calculator/feestable/${BEFORE}`,
      'GET /api/v1/Version/Number',
    ])
    // Its number is asked of the contract it was saved for, with the student's own credentials.
    expect(server.requests[2]!.url).toContain(`versionHashCode=${BEFORE}&contractid=C-1`)
    expect(server.requests[1]!.headers.authorization).toBe('Bearer tok-1')
    const { replaced, result } = store.getState()
    expect(replaced?.saved?.result.totalFees).toBe(24)
    expect(replaced?.saved?.savedAt).toBe('2026-11-20')
    expect(result?.totalFees).toBe(12)
  })

  it('saves the new version linked to it, and the host hears which version it replaces', async () => {
    const { store, events } = setup()
    store.getState().setProperty('tuitionInput', tuitionInput({ numberOfFees: 12, linkedVersionIdentifier: BEFORE }))
    await eventually(() => expect(store.getState().replaced?.versionNumber).toBe(2))
    await eventually(() => expect(settledState(store.getState())).toBe(true))
    await store.getState().save()
    const save = server.requests.find((request) => request.url.includes('/FrontCalculateFees'))!
    expect(bodyOf(save).linkedVersionIdentifier).toBe(BEFORE)
    const selected = events.find((event) => event.name === 'feeOptionSelectedEvent')!.detail as SavedPlanDetail
    expect(selected.versionHashCode).toBe(NEW_HASH)
    expect(selected.replacedVersion).toEqual({ versionHashCode: BEFORE, versionNumber: 2 })
    expect(store.getState().amortization).toBe(selected)
    // The saved version is still the one beside the plan: the new one replaces it.
    expect(store.getState()).toMatchObject({ savedVersion: NEW_HASH, replaced: { versionHashCode: BEFORE } })
  })

  it("waits, when SAVE is pressed before that version's number has come, for the number: the host hears it", async () => {
    const { held, answerTheNumber } = heldNumber()
    reply = (request) =>
      request.url.includes('/Version/Number') ? { ...answer(request), heldUntil: held } : answer(request)
    const { store, events } = setup()
    store.getState().setProperty('tuitionInput', tuitionInput({ numberOfFees: 12, linkedVersionIdentifier: BEFORE }))
    await eventually(() => expect(paths()).toContain('GET /api/v1/Version/Number'))
    await saveBeforeTheNumber(store, answerTheNumber)
    const selected = events.find((event) => event.name === 'feeOptionSelectedEvent')!.detail as SavedPlanDetail
    expect(selected.replacedVersion).toEqual({ versionHashCode: BEFORE, versionNumber: 2 })
    expect(paths().filter((path) => path.includes('FrontCalculateFees'))).toHaveLength(1)
  })

  it('goes on without it when it cannot be read: the plan stays, the host hears no failure, the console says why', async () => {
    const { store, events, logged } = setup()
    store.getState().setProperty('tuitionInput', tuitionInput({ linkedVersionIdentifier: 'a-version-nobody-saved' }))
    await eventually(() => expect(store.getState().replaced?.failed).toBe(true))
    expect(store.getState()).toMatchObject({ failure: null, calculating: false })
    expect(store.getState().result?.totalFees).toBe(12)
    expect(events.map((event) => event.name)).toEqual(['calculationResultReceivedEvent'])
    expect(logged).toEqual(['replaced version read failed'])
    // A save still goes, linked as the input says.
    await eventually(() => expect(settledState(store.getState())).toBe(true))
    await store.getState().save()
    const save = server.requests.find((request) => request.url.includes('/FrontCalculateFees'))!
    expect(bodyOf(save).linkedVersionIdentifier).toBe('a-version-nobody-saved')
    expect((events.at(-1)!.detail as SavedPlanDetail).replacedVersion).toEqual({
      versionHashCode: 'a-version-nobody-saved',
      versionNumber: null,
    })
  })

  it('reads nothing for a plan that links to no version, and names none when it is saved', async () => {
    const { store, events } = setup()
    store.getState().setProperty('tuitionInput', tuitionInput())
    await eventually(() => expect(store.getState().result).not.toBeNull())
    await eventually(() => expect(settledState(store.getState())).toBe(true))
    await store.getState().save()
    expect(paths()).toEqual([
      'POST /api/v1/Calculator/CalculateFeeOptions',
      'POST /api/v1/Calculator/FrontCalculateFees',
    ])
    expect((events.at(-1)!.detail as SavedPlanDetail).replacedVersion).toBeNull()
    expect(store.getState().replaced).toBeNull()
  })
})

describe('a modifiable plan opened by its hash and changed', () => {
  it('replaces the version opened: no second read, its number from the version number, and a save linked to it', async () => {
    reply = (request) =>
      request.url.includes(`/feestable/${BEFORE}`)
        ? { body: { ...savedBefore, result: { ...savedBefore.result, isModificable: true } } }
        : answer(request)
    const { store, events } = setup()
    store.getState().setProperty('versionHashCode', BEFORE)
    await eventually(() => expect(store.getState().versionNumber).toBe(2))
    // The version opened is on screen: it replaces nothing yet, and is beside itself only once the plan changes.
    expect(store.getState()).toMatchObject({
      savedVersion: BEFORE,
      replaced: { versionHashCode: BEFORE, versionNumber: 2, failed: false },
    })
    store.getState().chooseFeeCount(18)
    await eventually(() => expect(store.getState().result?.totalFees).toBe(18))
    expect(store.getState().savedVersion).toBeNull()
    await eventually(() => expect(settledState(store.getState())).toBe(true))
    await store.getState().save()
    const save = server.requests.find((request) => request.url.includes('/FrontCalculateFees'))!
    // Its own link (to the version it replaced) is not the new one's: the new version links to the one opened.
    expect(bodyOf(save).linkedVersionIdentifier).toBe(BEFORE)
    expect(paths().filter((path) => path.includes('feestable'))).toHaveLength(1)
    expect((events.at(-1)!.detail as SavedPlanDetail).replacedVersion).toEqual({
      versionHashCode: BEFORE,
      versionNumber: 2,
    })
  })

  it('saves a change of the version opened, pressed before its number has come, once the number is here', async () => {
    const { held, answerTheNumber } = heldNumber()
    reply = (request) => {
      if (request.url.includes('/Version/Number')) return { ...answer(request), heldUntil: held }
      if (request.url.includes(`/feestable/${BEFORE}`))
        return { body: { ...savedBefore, result: { ...savedBefore.result, isModificable: true } } }
      return answer(request)
    }
    const { store, events } = setup()
    store.getState().setProperty('versionHashCode', BEFORE)
    await eventually(() => expect(paths()).toContain('GET /api/v1/Version/Number'))
    store.getState().chooseFeeCount(18)
    await eventually(() => expect(store.getState().result?.totalFees).toBe(18))
    await saveBeforeTheNumber(store, answerTheNumber)
    expect((events.at(-1)!.detail as SavedPlanDetail).replacedVersion).toEqual({
      versionHashCode: BEFORE,
      versionNumber: 2,
    })
  })

  it('saves, without a number, a change of a version whose number could not be had', async () => {
    reply = (request) =>
      request.url.includes('/Version/Number')
        ? { status: 404, body: { type: 'about:blank', title: 'Not found', status: 404, code: 'version_not_found' } }
        : request.url.includes(`/feestable/${BEFORE}`)
          ? { body: { ...savedBefore, result: { ...savedBefore.result, isModificable: true } } }
          : answer(request)
    const { store, events } = setup()
    store.getState().setProperty('versionHashCode', BEFORE)
    await eventually(() => expect(store.getState().replaced?.reading).toBe(false))
    store.getState().chooseFeeCount(18)
    await eventually(() => expect(store.getState().result?.totalFees).toBe(18))
    await eventually(() => expect(settledState(store.getState())).toBe(true))
    await store.getState().save()
    expect((events.at(-1)!.detail as SavedPlanDetail).replacedVersion).toEqual({
      versionHashCode: BEFORE,
      versionNumber: null,
    })
  })
})
