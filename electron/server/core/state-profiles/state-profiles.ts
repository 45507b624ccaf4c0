import { loadStateProfile, type StateProfile } from '../../../../shared/compliance/index.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import california from './profiles/us-ca.json' with { type: 'json' };
import colorado from './profiles/us-co.json' with { type: 'json' };

/** Where a loaded profile came from: shipped with ServicePay, or the path of an operator's file. */
export type ProfileSource = 'shipped' | { file: string };

/** A state profile the service may enforce, and where it came from. */
export interface LoadedProfile {
  profile: StateProfile;
  source: ProfileSource;
}

/** The id of the rules a store's ID check follows while it enforces none (README "Customers"). */
const FALLBACK_ID = 'us-ca';

/**
 * The state profiles one service (or one `servicepay` command) has loaded at start: the shipped
 * ones (profiles/*.json beside this file) and an operator's folder (`--profiles DIR`, see
 * profile-files.ts). Stores name one by its id (`complianceProfile`); a store may choose only a
 * loaded one, and a sale at a store whose profile is not loaded is refused rather than sold
 * without its state's rules.
 */
export class StateProfiles {
  private readonly byId: ReadonlyMap<string, LoadedProfile>;

  constructor(readonly loaded: readonly LoadedProfile[]) {
    this.byId = new Map(loaded.map((entry) => [entry.profile.id, entry]));
    if (!this.byId.has(FALLBACK_ID)) throw new Error(`the state profiles must include ${FALLBACK_ID}`);
  }

  /** The profile `id`, or undefined when it is not loaded. */
  find(id: string): StateProfile | undefined {
    return this.byId.get(id)?.profile;
  }

  /** California's: the rules of the ID check at a store that enforces none. */
  get fallback(): StateProfile {
    return this.find(FALLBACK_ID)!;
  }

  /** "us-ca (California), us-co (Colorado)": what may be chosen, in words. */
  describe(): string {
    return this.loaded.map(({ profile }) => `${profile.id} (${profile.stateName})`).join(', ');
  }

  /** The id a store may enforce: a loaded profile's; refused in words naming `field` otherwise. */
  choose(id: string, field = 'complianceProfile'): string {
    if (this.byId.has(id)) return id;
    throw invalidInput(field, `must be the id of a loaded state profile (${this.describe()}), not "${id}"`);
  }

  /** The profile a store enforces; UNAVAILABLE when this service has not loaded it. */
  enforced(id: string): StateProfile {
    const profile = this.find(id);
    if (profile) return profile;
    throw new ServicePayError(
      'UNAVAILABLE',
      `this store enforces the state profile "${id}", which this service has not loaded: start it with the ` +
        `folder that holds ${id}.json (--profiles DIR, or SERVICEPAY_PROFILES_DIR)`,
    );
  }

  /** These profiles with `extra` added, an extra one replacing a shipped one of the same id. */
  with(extra: readonly LoadedProfile[]): StateProfiles {
    const ids = new Set(extra.map((entry) => entry.profile.id));
    return new StateProfiles([...this.loaded.filter((entry) => !ids.has(entry.profile.id)), ...extra]);
  }
}

/** The profiles ServicePay ships, checked when this module loads: a broken one fails every start and test. */
export const SHIPPED_PROFILES = new StateProfiles(
  [california, colorado].map((raw) => ({ profile: loadStateProfile(raw), source: 'shipped' as const })),
);
