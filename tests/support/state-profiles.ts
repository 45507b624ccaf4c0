import { SHIPPED_PROFILES } from '../../electron/server/core/state-profiles/state-profiles.js';

/** The shipped state profiles as the service loads them (electron/server/core/state-profiles/profiles/*.json). */
export const CALIFORNIA = SHIPPED_PROFILES.find('us-ca')!;
export const COLORADO = SHIPPED_PROFILES.find('us-co')!;
