/**
 * The OpenAPI document of the reference API, compiled into the server: it is part of the server's code (the
 * answers are written by its schemas), not data, so no file is read for it at run time.
 */
import document from '@fees-calculator/contract/openapi.json' with { type: 'json' }

/** The document as served at /api/v1/openapi.json. */
export const OPENAPI_TEXT = JSON.stringify(document)

/** Its `components`, where every schema an answer is written by lives. */
export const OPENAPI_COMPONENTS: { schemas: Record<string, object> } = document.components
