import { ServicePayError } from '../../../shared/errors.js';
import { DEFAULT_ADJUSTMENT_REASONS, type AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { AdjustedPackage, AdjustmentsRepository } from './adjustments-repository.js';

/** What an adjustment reads of its store: its reasons, and its packages by id or state tag. */
export class StoreStock {
  constructor(
    private readonly access: StoreAccess,
    private readonly profiles: StateProfiles,
    private readonly adjustments: AdjustmentsRepository,
  ) {}

  /** The store's reasons: its state profile's, or the default list (`profile` null) where it names none. */
  reasonsOf(store: Dispensary): { profile: string | null; reasons: readonly AdjustmentReason[] } {
    const profile = store.complianceProfile === null ? undefined : this.profiles.find(store.complianceProfile);
    if (profile?.adjustmentReasons) return { profile: profile.id, reasons: profile.adjustmentReasons };
    return { profile: null, reasons: DEFAULT_ADJUSTMENT_REASONS };
  }

  /**
   * The package `ref` (its id or state tag) names at `store`; refused in words when no package has
   * it, or when it is another store's of the organization (another organization's is unknown here).
   */
  async package(q: Queryable, store: Dispensary, ref: string): Promise<AdjustedPackage> {
    return ownPackage(this.access, q, store, ref, await this.adjustments.findPackage(q, ref.trim()), 'adjust');
  }
}

/**
 * Of the packages found for `ref` (by id or tag, in any store), the one of `store`; refused in words
 * when none is, naming another store of the organization that has it (`verb`: what to do there), or
 * saying `unknown` (by default: that no package has that id or tag).
 */
export async function ownPackage<T extends { dispensaryId: string }>(
  access: StoreAccess,
  q: Queryable,
  store: Dispensary,
  ref: string,
  found: readonly T[],
  verb: string,
  unknown = `no package of ${store.name} has the id or state tag ${ref}`,
): Promise<T> {
  const mine = found.find((pkg) => pkg.dispensaryId === store.id);
  if (mine) return mine;
  for (const pkg of found) {
    const other = await access.dispensaries.findById(pkg.dispensaryId, q);
    if (other?.organizationId === store.organizationId) {
      throw new ServicePayError(
        'NOT_FOUND',
        `package ${ref} is ${other.name}'s, not ${store.name}'s: ${verb} it at its own store`,
      );
    }
  }
  throw new ServicePayError('NOT_FOUND', unknown);
}
