/**
 * The calculator endpoints: fees table, amortization
 * table (which may save a version), and loading a saved version.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { AmortizationTable, SavedFeesTable } from '../../src/domain/types.ts'
import type { Config } from './config.ts'
import type { VersionStore } from './store/types.ts'
import { authGuard, jsonBodyGuard, type ApiEnv } from './guards.ts'
import { buildPlan, utcDay, type Plan } from './plan.ts'
import { problem, problemResponse, RETRY_AFTER_S } from './problem.ts'
import { checkFinanceable, parseTuitionPayload, type Outcome, type TuitionRequest } from './validate.ts'

/** ErpCom and ErpComAgent: the systems whose embedded calls go to the Anonymous endpoints; any other gets 403 there. */
const ANONYMOUS_SYSTEMS: readonly number[] = [3, 7]

type Access = 'authenticated' | 'anonymous'

/** What the server takes as now: the clock of the machine, or a fixed one in tests. */
export type Clock = () => Date

export function calculatorRoutes(config: Config, store: VersionStore, clock: Clock = () => new Date()): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>()
  const auth = authGuard(config)
  const body = jsonBodyGuard()

  /** Body → validated request → plan, or the problem that stops it (400, 403, 422). */
  const planFor = (c: Context<ApiEnv>, access: Access): Outcome<{ request: TuitionRequest; plan: Plan }> => {
    const parsed = parseTuitionPayload(c.get('body'))
    if (!parsed.ok) return parsed
    const request = parsed.value
    if (access === 'anonymous' && !ANONYMOUS_SYSTEMS.includes(request.system)) {
      const detail = `System ${request.system} must call the authenticated endpoint; only systems 3 and 7 may call this one.`
      return { ok: false, problem: problem('system_not_allowed', detail) }
    }
    const financeable = checkFinanceable(request, config)
    if (!financeable.ok) return financeable
    const plan = buildPlan(financeable.value, config, utcDay(clock()))
    if (!plan.ok) return plan
    return { ok: true, value: { request, plan: plan.value } }
  }

  const feeOptions = (access: Access) => (c: Context<ApiEnv>) => {
    const outcome = planFor(c, access)
    if (!outcome.ok) return problemResponse(outcome.problem)
    return c.json(outcome.value.plan.result)
  }

  const frontCalculate = (access: Access) => (c: Context<ApiEnv>) => {
    const outcome = planFor(c, access)
    if (!outcome.ok) return problemResponse(outcome.problem)
    const { request, plan } = outcome.value
    // Saving needs credentials: an anonymous caller gets the table and nothing is stored.
    if (access === 'anonymous' || !request.isSavedVersion) return c.json(plan.table)
    return save(c, request, plan)
  }

  const save = async (c: Context<ApiEnv>, request: TuitionRequest, plan: Plan) => {
    const contractId = request.contractId
    if (contractId === null || contractId.trim() === '') {
      const errors = [{ field: 'contractId', message: 'is required to save a version' }]
      return problemResponse(problem('validation_failed', 'Invalid or missing fields: contractId.', errors))
    }
    let table: AmortizationTable
    try {
      table = (
        await store.save({
          contractId,
          linkedHash: request.linkedVersionIdentifier,
          tuitionInput: request.payload,
          result: plan.result,
          amortization: plan.table,
        })
      ).amortization
    } catch (error) {
      console.error('Saving a version failed:', (error as Error).message)
      return problemResponse(problem('database_unavailable', 'The version could not be saved; try again.'), {
        'Retry-After': RETRY_AFTER_S,
      })
    }
    return c.json(table)
  }

  routes.post('/Calculator/CalculateFeeOptions', auth, body, feeOptions('authenticated'))
  routes.post('/Calculator/CalculateFeeOptionsAnonymous', body, feeOptions('anonymous'))
  routes.post('/Calculator/FrontCalculateFees', auth, body, frontCalculate('authenticated'))
  routes.post('/Calculator/FrontCalculateFeesAnonymous', body, frontCalculate('anonymous'))

  routes.get('/Calculator/feestable/:versionHashCode', auth, async (c) => {
    const saved = await store.findByHash(c.req.param('versionHashCode'))
    if (saved === null) return problemResponse(problem('version_not_found', 'No version has this hash.'))
    // Whether a loaded plan may be changed is this server's policy, not a stored fact.
    const answer: SavedFeesTable = {
      result: { ...saved.result, isModificable: config.editableSaved },
      tuitionInput: saved.tuitionInput,
    }
    return c.json(answer)
  })

  return routes
}
