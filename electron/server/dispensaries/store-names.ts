import { invalidInput } from '../../../shared/errors.js';
import type { Dispensary } from './dispensary.js';
import { requireOperator, requireOrganizationWide, requirePermission, type SetupActor } from './setup-actor.js';
import type { StoreAccess } from './store-access.js';

/** Short names of stores by id, for records that point at their store by id. */
export async function storeNames(access: StoreAccess): Promise<(id: string | null) => string | null> {
  const names = new Map((await access.dispensaries.list()).map((store) => [store.id, store.shortName]));
  return (id) => (id === null ? null : (names.get(id) ?? null));
}

/** Where a new login or API client belongs: one store, or every store of an organization. */
export interface Belonging {
  /** The store it works for (the back office's store; `--dispensary` on the command line). */
  shortName?: string;
  /** The organization (`--org`); taken from the store when one is named. */
  organizationId?: string;
  /** Every store of the organization rather than `shortName` alone. */
  allStores?: boolean;
}

/**
 * The organization and store (null: every store) a new login or client belongs to, when the actor
 * holds `permission` and may give it that reach: only organization-wide staff make organization-wide ones.
 */
export async function resolveBelonging(
  access: StoreAccess,
  actor: SetupActor,
  where: Belonging,
  permission: 'users:manage' | 'store:manage',
  what: string,
): Promise<{ organizationId: string; store: Dispensary | null }> {
  requirePermission(actor, permission);
  let store: Dispensary | null = null;
  let organizationId = where.organizationId;
  if (where.shortName !== undefined) {
    store = await access.store(actor, where.shortName, permission);
    if (organizationId !== undefined && organizationId !== store.organizationId) {
      throw invalidInput('organizationId', `is not the organization of ${store.name}`);
    }
    organizationId = store.organizationId;
  }
  if (organizationId === undefined)
    throw invalidInput('dispensary', 'or organization is required: where does it belong?');
  if (store === null || where.allStores === true) {
    requireOrganizationWide(actor, organizationId, `${what} for every store`);
    return { organizationId, store: null };
  }
  return { organizationId, store };
}

/**
 * What a listing of logins, clients or endpoints covers: one store's (with its organization's
 * every-store ones: `storeId`), an organization's, or — for the operator only — every
 * organization's (`organizationId` undefined). The actor needs `permission` either way.
 */
export async function listingScope(
  access: StoreAccess,
  actor: SetupActor,
  where: Omit<Belonging, 'allStores'>,
  permission: 'users:manage' | 'store:manage',
): Promise<{ organizationId: string | undefined; storeId: string | undefined }> {
  if (where.shortName !== undefined) {
    const store = await access.store(actor, where.shortName, permission);
    return { organizationId: store.organizationId, storeId: store.id };
  }
  requirePermission(actor, permission);
  if (where.organizationId === undefined) requireOperator(actor);
  return { organizationId: where.organizationId, storeId: undefined };
}

/** Whether a record kept for `dispensaryId` (null: every store) belongs in a listing of `storeId`. */
export function inListing(storeId: string | undefined, dispensaryId: string | null): boolean {
  return storeId === undefined || dispensaryId === storeId || dispensaryId === null;
}
