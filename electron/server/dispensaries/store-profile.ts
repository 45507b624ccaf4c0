import { stateProfile, type StateProfile } from '../../../shared/compliance/index.js';
import type { Dispensary } from './dispensary.js';

const CALIFORNIA = stateProfile('us-ca')!;

/**
 * The state rules a store's ID checks follow (shared/compliance/profiles): the profile it enforces
 * at ticket creation (Store setup, `complianceProfile`), or California's for a store that enforces
 * none yet, so the register's ID check still says whether a customer may buy.
 */
export function profileOf(dispensary: Pick<Dispensary, 'complianceProfile'>): StateProfile {
  return enforcedProfile(dispensary) ?? CALIFORNIA;
}

/** The state rules enforced at ticket creation, or null when the store enforces none. */
export function enforcedProfile(dispensary: Pick<Dispensary, 'complianceProfile'>): StateProfile | null {
  return dispensary.complianceProfile === null ? null : (stateProfile(dispensary.complianceProfile) ?? null);
}
