/** Whether `version` (`22.12.0` or `v22.12.0`) is in `range` (`>=X.Y.Z` or `^X.Y.Z` joined by `||`). */
export function satisfies(version: string, range: string): boolean
/** null when `version` is in `range`; otherwise the sentence that says which Node `what` needs and how to get it. */
export function unsupportedNode(version: string, range: string, what: string): string | null
