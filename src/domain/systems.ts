import { isAnonymousSystem, isKnownSystem } from '@fees-calculator/contract'
import type { System } from './types.ts'

export { isKnownSystem }

/** ErpCom and ErpComAgent: amounts not editable; in embedded mode they call the Anonymous endpoints and saving does not lock. */
export function isErpSystem(system: System): boolean {
  return isAnonymousSystem(system)
}
