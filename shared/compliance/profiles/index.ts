import { CALIFORNIA } from './california.js';
import { COLORADO } from './colorado.js';
import { loadStateProfile } from './load.js';
import type { StateProfile } from './schema.js';

/**
 * The state profiles ServicePay ships, checked when this module loads: a broken profile fails the
 * service's start (and the unit tests), never a sale.
 */
export const STATE_PROFILES: readonly StateProfile[] = [CALIFORNIA, COLORADO].map(loadStateProfile);

/** The shipped profile with `id` ("us-ca"), or undefined. */
export function stateProfile(id: string): StateProfile | undefined {
  return STATE_PROFILES.find((profile) => profile.id === id);
}
