import { randomUUID } from 'node:crypto';
import { ServicePayError } from '../../../shared/errors.js';
import type { InventoryRepository, OrderStock, Reservation } from '../catalog/inventory-repository.js';
import type { Queryable } from '../db/query.js';

/** Tries of a register's sale while its store server has less than the register's copy shows. */
const MAX_HOLD_ATTEMPTS = 3;

/**
 * Where a sale's units are held before the sale is written: an attached register's store server,
 * so every register and the ecommerce site draw from one stock. Absent on a standalone register
 * and on the server itself.
 */
export interface StockHolder {
  /**
   * Holds the units at the server; `unasked` when there is nobody to ask now (the server does not
   * answer: the register sells from its own copy, as offline); `short` with what each package has
   * there, nothing held.
   */
  hold(holdId: string, reservations: readonly Reservation[]): Promise<HoldResult>;
  /** Gives back a hold whose sale was not written after all (the server's expiry covers a lost one). */
  release(holdId: string): void;
}

/** What a hold came to. */
export type HoldResult = { outcome: 'held' | 'unasked' } | { outcome: 'short'; available: readonly Reservation[] };

/** The store server has fewer units than this register's copy showed: the sale is written again within them. */
export class ShortAtServer extends Error {
  constructor(readonly available: readonly Reservation[]) {
    super("the store server has less of a package than this register's copy of the stock");
  }
}

/** What a sale's stock does with a holder: held at the server once reserved here, within `caps`. */
export interface HeldStockOptions {
  holder: StockHolder;
  holdId: string;
  /** Units the server had of each package at the last try (none at the first). */
  caps?: ReadonlyMap<string, number>;
  /** Called once the server holds the units (to give them back if the write fails after). */
  onHeld: () => void;
}

/**
 * An order's stock that reserves here, then holds the same units at the store server in the same
 * write; when the server has fewer, the write fails with what it has (`ShortAtServer`), and the
 * next try offers no more than that.
 */
export function heldStock(local: OrderStock, options: HeldStockOptions): OrderStock {
  const { holder, holdId, caps, onHeld } = options;
  return {
    packagesOf: async (dispensaryId, locationId, productIds) => {
      const found = await local.packagesOf(dispensaryId, locationId, productIds);
      for (const pkg of found.values()) {
        const cap = caps?.get(pkg.packageId);
        if (cap !== undefined) pkg.availableMilli = Math.min(pkg.availableMilli, cap);
      }
      return found;
    },
    reserveAll: async (reservations) => {
      if (!(await local.reserveAll(reservations))) return false;
      if (reservations.length === 0) return true;
      const result = await holder.hold(holdId, reservations);
      if (result.outcome === 'short') throw new ShortAtServer(result.available);
      if (result.outcome === 'held') onHeld();
      return true;
    },
  };
}

/**
 * Runs a ticket's write with its stock, held at the store server first on an attached register
 * (`holder`): a hold whose write then failed is given back, and a write the server had too little
 * for runs again within what the server has (lines filled as far as they go, as for any ticket).
 */
export async function holdingStock<T>(
  inventory: InventoryRepository,
  holder: StockHolder | undefined,
  write: (stockOf: (tx: Queryable) => OrderStock) => Promise<T>,
): Promise<T> {
  if (!holder) return write((tx) => inventory.stockFor(tx));
  let caps: Map<string, number> | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const holdId = randomUUID();
    let held = false;
    const onHeld = () => (held = true);
    try {
      return await write((tx) => heldStock(inventory.stockFor(tx), { holder, holdId, caps, onHeld }));
    } catch (error) {
      if (held) holder.release(holdId);
      if (!(error instanceof ShortAtServer)) throw error;
      if (attempt === MAX_HOLD_ATTEMPTS) {
        throw new ServicePayError('CONFLICT', "the store's stock kept changing while this sale was written; try again");
      }
      caps = new Map(error.available.map((r) => [r.packageId, r.milli]));
    }
  }
}
