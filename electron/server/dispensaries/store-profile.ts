import { discountRulesOf, type DiscountRules, type StateProfile } from '../../../shared/compliance/index.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { Dispensary } from './dispensary.js';

/**
 * The state rules a store's ID checks follow (electron/server/core/state-profiles/): the profile it enforces
 * at ticket creation (Store setup, `complianceProfile`), or California's for a store that enforces
 * none yet, so the register's ID check still says whether a customer may buy.
 */
export function profileOf(profiles: StateProfiles, dispensary: Pick<Dispensary, 'complianceProfile'>): StateProfile {
  return enforcedProfile(profiles, dispensary) ?? profiles.fallback;
}

/**
 * The state rules enforced at ticket creation, or null when the store enforces none; refused
 * (UNAVAILABLE) when the store enforces a profile this service has not loaded, rather than sold
 * without its state's rules.
 */
export function enforcedProfile(
  profiles: StateProfiles,
  dispensary: Pick<Dispensary, 'complianceProfile'>,
): StateProfile | null {
  return dispensary.complianceProfile === null ? null : profiles.enforced(dispensary.complianceProfile);
}

/**
 * The state's rules on discounts a store's sales are priced by (README "Deals"): those of the
 * profile it enforces; none (no floor, tax after discounts) when it enforces none. Refused like
 * `enforcedProfile` when the profile is not loaded: the sale would be refused anyway.
 */
export function storeDiscountRules(
  profiles: StateProfiles,
  dispensary: Pick<Dispensary, 'complianceProfile'>,
): DiscountRules {
  return discountRulesOf(enforcedProfile(profiles, dispensary));
}
