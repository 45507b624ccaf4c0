import type { Dispensary } from '../dispensaries/dispensary.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { StockedPackage, StorePackageLookup } from '../products/product-labels.js';
import { RoomsRepository } from './rooms-repository.js';
import { ownPackage } from './store-stock.js';

/**
 * The package a label is asked for (README "Labels"): by its id or state tag, of the store; another
 * store's of the organization is refused naming it ("label it at its own store"), an unknown one as unknown.
 */
export function storePackageLookup(access: StoreAccess): StorePackageLookup {
  const rooms = new RoomsRepository(access.serverOnlyDb);
  return async (store: Dispensary, ref: string): Promise<StockedPackage> => {
    const { db } = access;
    return ownPackage(access, db, store, ref, await rooms.findPackages(db, ref), 'label');
  };
}
