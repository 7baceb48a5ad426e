'use strict'
/**
 * Whether this Node is one the project runs on, and if not, the one sentence that says what to do. Plain
 * CommonJS with no syntax newer than Node 6's, so that an old Node reads it and says the sentence instead of
 * failing on the file itself: `npm ci`, `npm run demo` and `npm test` run it first (check-node.cjs), and the
 * server before it opens its database (better-sqlite3 crashes on a Node older than 22, with no word).
 */

/** [major, minor, patch] of `22.12.0` or `v22.12.0`. */
function parts(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (match === null) throw new Error(`not a Node version: ${version}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

function compare(a, b) {
  for (let k = 0; k < 3; k++) if (a[k] !== b[k]) return a[k] - b[k]
  return 0
}

/** The forms an `engines.node` of this project takes: `>=X.Y.Z` and `^X.Y.Z`, joined by `||`. */
function satisfies(version, range) {
  const have = parts(version)
  return range.split('||').some((alternative) => {
    const match = /^\s*(>=|\^)\s*(\d+\.\d+\.\d+)\s*$/.exec(alternative)
    if (match === null) throw new Error(`engines.node: "${range}" is not ">=X.Y.Z" or "^X.Y.Z" joined by "||"`)
    const least = parts(match[2])
    if (compare(have, least) < 0) return false
    return match[1] === '>=' || have[0] === least[0]
  })
}

/** null when `version` is in `range` (package.json's engines.node); otherwise what to tell the user. */
function unsupportedNode(version, range, what) {
  if (satisfies(version, range)) return null
  return (
    `${what} needs Node.js ${range}, and this is Node.js ${version.replace(/^v/, '')}: install Node.js 24 LTS ` +
    '(https://nodejs.org, or `nvm install 24`, or from the npm registry: ' +
    '`dir=$(.ci/node 24) && export PATH="$dir/bin:$PATH" npm_config_nodedir="$dir"`), then run the command again.'
  )
}

module.exports = { satisfies, unsupportedNode }
