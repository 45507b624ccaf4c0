import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { Queryable } from '../db/query.js';
import { approvalPolicyChangeWords } from '../../../shared/approval-policy-words.js';
import { programmeChangeWords } from '../../../shared/loyalty/programme-change-words.js';
import type { Dispensary } from './dispensary.js';
import type { SetupActor } from './setup-actor.js';
import type { StoreAccess } from './store-access.js';

/** "California (us-ca)", "none", or the id alone for a profile this service has not loaded. */
function profileWords(profiles: StateProfiles, id: string | null): string {
  if (id === null) return 'none';
  const profile = profiles.find(id);
  return profile ? `${profile.stateName} (${id})` : id;
}

/** "none → California (us-ca)": a change of the state profile a store enforces, for the audit trail. */
export function profileChangeWords(profiles: StateProfiles, before: string | null, after: string | null): string {
  return `${profileWords(profiles, before)} → ${profileWords(profiles, after)}`;
}

/**
 * Writes to the audit trail, in the write of a change of a store's settings, what a manager checks:
 * a change of its loyalty programme ("Loyalty programme changed"), of the state profile it
 * enforces ("State profile changed") and of what it asks a manager's PIN for ("Manager approvals
 * changed": manual discounts, inventory adjustments, cash movements, blind close), each in words,
 * before → after. A change that leaves them as they were records nothing.
 */
export async function auditSettingsChange(
  access: StoreAccess,
  profiles: StateProfiles,
  tx: Queryable,
  change: { actor: SetupActor; before: Dispensary; after: Dispensary },
): Promise<void> {
  const { actor, before, after } = change;
  const at = access.now();
  const loyalty = programmeChangeWords(before.loyalty, after.loyalty);
  if (loyalty) await access.audited(tx, 'loyalty_changed', actor, after, at, loyalty);
  if (before.complianceProfile !== after.complianceProfile) {
    const words = profileChangeWords(profiles, before.complianceProfile, after.complianceProfile);
    await access.audited(tx, 'state_profile_changed', actor, after, at, words);
  }
  const approvals = approvalPolicyChangeWords(before, after);
  if (approvals) await access.audited(tx, 'approval_policy_changed', actor, after, at, approvals);
}
