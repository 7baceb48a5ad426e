/** The OpenAPI document of the reference API, read once: it is part of the server's code, not data. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT } from './paths.ts'

/** The document as served at /api/v1/openapi.json. */
export const OPENAPI_TEXT = readFileSync(join(REPO_ROOT, 'openapi/openapi.json'), 'utf8')

/** Its `components`, where every schema an answer is written by lives. */
export const OPENAPI_COMPONENTS: { schemas: Record<string, object> } = JSON.parse(OPENAPI_TEXT).components
