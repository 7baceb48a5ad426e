/**
 * Where the server finds the repository's files. This module sits two folders
 * below the repository, as does the built server (build/server/main.js, which
 * bundles it), so the same path holds in both.
 */
import { join } from 'node:path'

export const REPO_ROOT = join(import.meta.dirname, '../../')
