import { stateProfile, type StateProfile } from '../../../shared/compliance/index.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';

const CALIFORNIA = stateProfile('us-ca')!;

/**
 * The state rules a store sells under (shared/compliance/profiles). A store cannot pick its profile
 * yet: every store is in California until that store setting exists, and this is the one function
 * that will read it.
 */
export function profileOf(_dispensary: Pick<Dispensary, 'id'>): StateProfile {
  return CALIFORNIA;
}
