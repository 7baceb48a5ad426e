/**
 * `npx fees-calculator check-api`: an integrator points it at their own API
 * before embedding the widget. It makes every call the widget makes, with a
 * sample tuition input (or theirs), and reads each answer through the very
 * response boundary the widget uses (src/api/responses.ts), so what it passes
 * the widget can read. Node's own fetch; no DOM, no dependency.
 */
import { API_KEY_HEADER, AUTHORIZATION_HEADER, WIDGET_REQUEST_HEADERS } from '@fees-calculator/contract'
import { type Parsed, parseFeesTable, parseJsonText } from '../api/responses.ts'
import { parseAmortizationTable, parseSavedFeesTable, parseVersionNumber } from '../api/responses-with-ky.ts'
import { calculationPayload, choiceOf, usesAnonymousEndpoints } from '../domain/payload.ts'
import { previewPayload, savePayload } from '../domain/save-payload.ts'
import { validateTuitionInput } from '../domain/tuition.ts'
import type { TuitionInput } from '../domain/types.ts'

export interface CheckOptions {
  /** The API root, e.g. `https://api.example.edu/api/v1`. */
  api: string
  /** The bearer token the host would give the widget (embedded mode). */
  token?: string
  /** The static key of hash mode (X-Api-Key). */
  apiKey?: string
  /** The portal's origin: the CORS rules are checked for it. */
  origin?: string
  /** A tuition input; a sample one otherwise. */
  input?: unknown
  fetch?: typeof fetch
}

export interface Check {
  name: string
  ok: boolean
  /** What was seen. */
  detail: string
  /** What to change, when it failed. */
  fix?: string
}

/** A tuition input like the ones portals send: 6 000 EUR financed over 12 fees, first payment next month. */
export function sampleInput(today = new Date()): TuitionInput {
  const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 5))
  return {
    currency: 'EUR',
    dateOfPayment: next.toISOString().slice(0, 10),
    numberOfFees: 12,
    finalAmount: 6000,
    partialPayment: null,
    amountToRefinance: null,
    system: 2,
    financialType: 0,
    language: 'es',
    token: null,
    studyIdName: 'check-api',
    contractId: `CHECK-${today.getTime()}`,
  }
}

interface Answer {
  status: number
  contentType: string
  allowOrigin: string | null
  text: string
}

export async function checkApi(options: CheckOptions): Promise<Check[]> {
  const doFetch = options.fetch ?? fetch
  const root = options.api.replace(/\/+$/, '')
  const checks: Check[] = []
  const add = (check: Check) => checks.push(check)

  const given = options.input === undefined ? sampleInput() : options.input
  const validated = validateTuitionInput(given)
  if (!validated.ok) {
    add({
      name: 'tuition input',
      ok: false,
      detail: validated.error.message,
      fix: 'Give --input a tuition input the widget accepts.',
    })
    return checks
  }
  const input: TuitionInput = { ...validated.value, token: options.token ?? null }
  const anonymous = usesAnonymousEndpoints(input, true)
  const suffix = anonymous ? 'Anonymous' : ''

  const request = async (
    method: string,
    path: string,
    auth: 'bearer' | 'key',
    body?: unknown,
  ): Promise<Answer | Error> => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (auth === 'bearer' && options.token && !anonymous) headers[AUTHORIZATION_HEADER] = `Bearer ${options.token}`
    if (auth === 'key' && options.apiKey) headers[API_KEY_HEADER] = options.apiKey
    if (options.origin) headers.Origin = options.origin
    try {
      const response = await doFetch(`${root}/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      })
      return {
        status: response.status,
        contentType: response.headers.get('Content-Type') ?? '',
        allowOrigin: response.headers.get('Access-Control-Allow-Origin'),
        text: await response.text(),
      }
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    }
  }

  /** A call the widget reads: status, JSON, the boundary, and CORS on the answer. */
  const read = async <T>(
    name: string,
    method: string,
    path: string,
    auth: 'bearer' | 'key',
    parse: (body: unknown) => Parsed<T>,
    body?: unknown,
  ) => {
    const answer = await request(method, path, auth, body)
    if (answer instanceof Error) {
      add({
        name,
        ok: false,
        detail: `no answer: ${answer.message}`,
        fix: `Check that ${root} is reachable from here.`,
      })
      return null
    }
    if (answer.status < 200 || answer.status > 299) {
      const fix =
        answer.status === 401 || answer.status === 403
          ? 'Pass a valid --token (or --api-key for hash mode).'
          : `Answer ${method} ${path} with 200.`
      add({ name, ok: false, detail: `status ${answer.status}: ${answer.text.slice(0, 120)}`, fix })
      return null
    }
    if (!/^application\/([a-z.+-]*\+)?json\b/i.test(answer.contentType)) {
      add({
        name,
        ok: false,
        detail: `Content-Type "${answer.contentType}"`,
        fix: 'Answer with Content-Type: application/json (an SSO login page is not an answer).',
      })
      return null
    }
    const json = parseJsonText(answer.status, answer.text)
    const parsed = json.ok ? parse(json.value) : json
    if (!parsed.ok) {
      const fix =
        parsed.error.code === 'invalid_date'
          ? `Send ${parsed.error.field} as YYYY-MM-DD or an ISO 8601 date-time (taken as UTC).`
          : `Send ${parsed.error.field} present, of its type and finite, as the widget's README describes the answers.`
      add({ name, ok: false, detail: parsed.error.message, fix })
      return null
    }
    if (options.origin && answer.allowOrigin !== options.origin && answer.allowOrigin !== '*') {
      add({
        name,
        ok: false,
        detail: `Access-Control-Allow-Origin is ${JSON.stringify(answer.allowOrigin)}`,
        fix: `Answer ${options.origin} with Access-Control-Allow-Origin.`,
      })
      return parsed.value
    }
    add({ name, ok: true, detail: `${answer.status}, read as the widget reads it` })
    return parsed.value
  }

  /** The CORS preflight a browser sends before the widget's call from the portal. */
  const preflight = async (name: string, method: string, path: string) => {
    if (!options.origin) return
    let response: Response
    try {
      response = await doFetch(`${root}/${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: options.origin,
          'Access-Control-Request-Method': method,
          'Access-Control-Request-Headers': WIDGET_REQUEST_HEADERS.join(', ').toLowerCase(),
        },
      })
    } catch (error) {
      add({ name, ok: false, detail: `no answer: ${(error as Error).message}`, fix: `Answer OPTIONS ${path}.` })
      return
    }
    const allowOrigin = response.headers.get('Access-Control-Allow-Origin')
    const allowHeaders = (response.headers.get('Access-Control-Allow-Headers') ?? '').toLowerCase().split(/\s*,\s*/)
    const allowMethods = (response.headers.get('Access-Control-Allow-Methods') ?? '').toUpperCase().split(/\s*,\s*/)
    // A wildcard never covers Authorization (the Fetch standard), so it is looked for by name.
    const missing = WIDGET_REQUEST_HEADERS.filter(
      (h) => !allowHeaders.includes(h.toLowerCase()) && (h === AUTHORIZATION_HEADER || !allowHeaders.includes('*')),
    )
    const problems: string[] = []
    if (response.status < 200 || response.status > 299) problems.push(`status ${response.status}`)
    if (allowOrigin !== options.origin && allowOrigin !== '*')
      problems.push(`Access-Control-Allow-Origin is ${JSON.stringify(allowOrigin)}`)
    if (missing.length > 0) problems.push(`headers not allowed: ${missing.join(', ')}`)
    if (!allowMethods.includes(method) && !allowMethods.includes('*')) problems.push(`method ${method} not allowed`)
    if (problems.length === 0) add({ name, ok: true, detail: `${options.origin} may call with the widget's headers` })
    else
      add({
        name,
        ok: false,
        detail: problems.join('; '),
        fix: `Answer the preflight from ${options.origin} with 2xx, Access-Control-Allow-Origin: ${options.origin}, Access-Control-Allow-Methods: ${method}, Access-Control-Allow-Headers: ${WIDGET_REQUEST_HEADERS.join(', ')}.`,
      })
  }

  const calculatePath = `Calculator/CalculateFeeOptions${suffix}`
  const frontPath = `Calculator/FrontCalculateFees${suffix}`
  await preflight(`CORS preflight ${calculatePath}`, 'POST', calculatePath)
  const result = await read(
    `POST ${calculatePath}`,
    'POST',
    calculatePath,
    'bearer',
    parseFeesTable,
    calculationPayload(input),
  )
  if (!result) return checks
  const choice = choiceOf(result)
  await read(
    `POST ${frontPath} (schedule, not saved)`,
    'POST',
    frontPath,
    'bearer',
    parseAmortizationTable,
    previewPayload(input, choice),
  )
  const saved = await read(
    `POST ${frontPath} (save)`,
    'POST',
    frontPath,
    'bearer',
    parseAmortizationTable,
    savePayload(input, choice, { embedded: false, currentHash: null }),
  )
  if (saved && !saved.versionHashCode) {
    add({
      name: 'saved version hash',
      ok: false,
      detail: 'the save answered no versionHashCode',
      fix: "Answer a save (isSavedVersion true) with the new version's hash and number.",
    })
  }
  if (saved?.versionHashCode) {
    const path = `Calculator/feestable/${encodeURIComponent(saved.versionHashCode)}`
    await preflight('CORS preflight Calculator/feestable', 'GET', path)
    await read(`GET Calculator/feestable/{hash}`, 'GET', path, 'key', parseSavedFeesTable)
    if (input.contractId) {
      const query = new URLSearchParams({ versionHashCode: saved.versionHashCode, contractid: input.contractId })
      await read('GET Version/Number', 'GET', `Version/Number?${query}`, 'key', parseVersionNumber)
    }
  }

  const bad = await request('POST', calculatePath, 'bearer', {
    ...calculationPayload(input),
    dateOfPayment: 'not-a-date',
  })
  const refused = !(bad instanceof Error) && bad.status >= 400 && bad.status <= 499
  add({
    name: 'a bad input is refused',
    ok: refused,
    detail: bad instanceof Error ? `no answer: ${bad.message}` : `status ${bad.status}`,
    ...(refused
      ? {}
      : { fix: 'Answer an invalid tuition input (dateOfPayment "not-a-date") with a 4xx problem, not a 2xx or 5xx.' }),
  })
  return checks
}

/** The checks as a table a person reads. */
export function formatChecks(checks: Check[]): string {
  const width = Math.max(...checks.map((c) => c.name.length), 5)
  const lines = checks.map(
    (c) =>
      `${c.name.padEnd(width)}  ${c.ok ? 'ok  ' : 'FAIL'}  ${c.ok ? c.detail : `${c.detail}\n${' '.repeat(width + 8)}→ ${c.fix ?? ''}`}`,
  )
  const failed = checks.filter((c) => !c.ok).length
  return [
    `${'check'.padEnd(width)}  result`,
    ...lines,
    '',
    failed === 0 ? `all ${checks.length} checks passed` : `${failed} of ${checks.length} checks failed`,
  ].join('\n')
}
