import type { PackageForSale } from './package-for-sale.js';
import type { Reservation } from './stock-reservations.js';

/** Where an order's stock comes from: the inventory in a write (reserving for real) or a quote's dry run. */
export interface OrderStock {
  /**
   * The package each of `productIds` sells from at the location, by product id (only the
   * dispensary's products): the one a line of `wantedMilli` (by product id; one unit when not
   * given) takes, as selling-package.ts chooses among the product's packages.
   */
  packagesOf(
    dispensaryId: string,
    locationId: string,
    productIds: readonly string[],
    wantedMilli?: ReadonlyMap<string, number>,
  ): Promise<Map<string, PackageForSale>>;
  /**
   * The units the order takes of each package, all or none: false (and nothing changed) when one
   * of them has not enough. In a ticket's write the rows are locked and the units are taken with the
   * order's rows (`InventoryRepository.lockedStock`); what wraps it checks here what it must.
   */
  reserveAll(reservations: readonly Reservation[]): Promise<boolean>;
}
