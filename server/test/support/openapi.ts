/**
 * Every answer the API tests receive is checked against openapi.json: its
 * status must be documented for that operation, its content type must be the
 * documented one, and its body must validate (JSON Schema 2020-12, as
 * OpenAPI 3.1 uses). Each check is recorded, so a test file can assert that
 * it saw every documented status.
 */

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2020 } from 'ajv/dist/2020.js'
import formatsPlugin from 'ajv-formats'
import { expect } from 'vitest'

/** The contract's document, found as the server finds it: by the contract package's name. */
export const OPENAPI_PATH = createRequire(import.meta.url).resolve('@fees-calculator/contract/openapi.json')
export const openapi = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  components: Record<string, Record<string, unknown>>
}
interface ResponseObject {
  content?: Record<string, { schema: unknown }>
}

const DOCUMENT_ID = 'openapi.json'
// OpenAPI adds keywords JSON Schema does not know (description texts aside, none here); strict mode would reject the document itself.
const ajv = new Ajv2020({ strict: false, allErrors: true })
// ajv-formats is CommonJS: depending on the loader its default import is the plugin or its module.
const addFormats = (formatsPlugin as unknown as { default?: typeof formatsPlugin }).default ?? formatsPlugin
addFormats(ajv)
ajv.addSchema(openapi, DOCUMENT_ID)

/** Every (operation, status) an answer was validated for, as `METHOD path status`. */
export const seen = new Set<string>()

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')

/** The response object, following a `$ref` to components.responses. */
function responseAt(
  path: string,
  method: string,
  status: number,
): { pointer: string; response: ResponseObject } | null {
  const operation = openapi.paths[path]?.[method.toLowerCase()]
  const entry = operation?.responses[String(status)] as (ResponseObject & { $ref?: string }) | undefined
  if (entry === undefined) return null
  if (entry.$ref !== undefined) {
    const name = entry.$ref.replace('#/components/responses/', '')
    return {
      pointer: `/components/responses/${escapePointer(name)}`,
      response: openapi.components.responses?.[name] as ResponseObject,
    }
  }
  return { pointer: `/paths/${escapePointer(path)}/${method.toLowerCase()}/responses/${status}`, response: entry }
}

function validate(pointer: string, body: unknown): void {
  const check = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`) ?? ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` })
  const valid = check(body)
  expect(valid, `${pointer}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body)}`).toBe(true)
}

/**
 * Checks one answer against the operation `method path` (path as written in
 * the document, e.g. `/Calculator/feestable/{versionHashCode}`).
 */
export function expectDocumented(
  path: string,
  method: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  const found = responseAt(path, method, status)
  expect(found, `${method} ${path} answered ${status}, which openapi.json does not document`).not.toBeNull()
  if (found === null) return
  const media = Object.keys(found.response.content ?? {})
  if (media.length === 0) return
  const type = (contentType ?? '').split(';')[0]?.trim() ?? ''
  expect(media, `${method} ${path} ${status} answered ${type}`).toContain(type)
  validate(`${found.pointer}/content/${escapePointer(type)}/schema`, body)
  seen.add(`${method.toUpperCase()} ${path} ${status}`)
}

/** An answer of no documented operation (an unknown route) must still be a Problem. */
export function expectProblem(body: unknown, contentType: string | null): void {
  expect(contentType).toMatch(/^application\/problem\+json/)
  validate('/components/schemas/Problem', body)
}

/** Every `METHOD path status` the document lists. */
export function documentedStatuses(): string[] {
  return Object.entries(openapi.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  )
}
