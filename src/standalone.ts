// The script-tag build: loading it registers <fees-calculator>.
import { defineFeesCalculator } from './define.ts'
import { setChunkIntegrity } from './lazy/chunk.ts'

/** Lazy chunk name → [file relative to this script, its sha256], written in by the build (vite.config.ts). */
declare const __FEES_CALCULATOR_CHUNK_INTEGRITY__: Record<string, [string, string][]>

/** This script's own tag, for its nonce: the lazy chunks are fetched under the same Content-Security-Policy. */
const ownTag = Array.from(document.scripts).find((script) => script.src && script.src === import.meta.url)

setChunkIntegrity(__FEES_CALCULATOR_CHUNK_INTEGRITY__, import.meta.url, ownTag?.nonce ?? '')
defineFeesCalculator()
