/**
 * Runs npm scripts side by side and fails if one of them fails: in `npm test`,
 * the type check (one core) beside the build (which leaves the other core
 * free part of the time). Usage: node scripts/run-in-parallel.mjs typecheck build
 */
import { spawn } from 'node:child_process'

// npm's own command line, as npm gave it to this script: the same npm, on any system.
const npm = process.env.npm_execpath
if (!npm) throw new Error('run me from an npm script: npm_execpath names npm')

const codes = await Promise.all(
  process.argv.slice(2).map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [npm, 'run', script], { stdio: 'inherit' })
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
        child.on('error', () => resolve(1))
      }),
  ),
)
const failed = process.argv.slice(2).filter((_, k) => codes[k] !== 0)
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`)
  process.exitCode = 1
}
