import { ServicePayError } from '../../../shared/errors.js';
import type { InventoryRepository } from '../catalog/inventory-repository.js';
import type { OrderStock } from '../catalog/order-stock.js';
import type { Reservation } from '../catalog/stock-reservations.js';
import type { AllowanceAsk, BoughtLine, PurchasesElsewhere } from '../customers/purchases-elsewhere.js';
import type { SoldLine } from '../customers/ticket-compliance.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { DealUsesAsked, DealUsesLeft } from '../../../shared/contracts/register-deal-uses.js';
import { usesLeftOf } from './server-deal-uses.js';

/** Tries of a register's sale while its store server has less than the register's copy shows. */
const MAX_HOLD_ATTEMPTS = 3;

/**
 * Where a sale's units are held before the sale is written: an attached register's store server,
 * so every register and the ecommerce site draw from one stock. Absent on a standalone register
 * and on the server itself.
 */
export interface StockHolder {
  /** Whether there is a server to ask now (else a sale goes on from the register's copy, as offline). */
  ready(): boolean;
  /**
   * Holds the units at the server, and the customer's allowance with them (`allowance`: the store
   * enforces purchase limits); `unasked` when there is nobody to ask now (the server does not
   * answer: the register sells from its own copy, as offline); `short` with what each package has
   * there, nothing held. A sale the server refuses for the limits is refused in its words.
   */
  hold(
    holdId: string,
    reservations: readonly Reservation[],
    allowance?: AllowanceAsk,
    /** The points the sale's reward dollars spend, held with the units (refused in the server's words when short). */
    points?: PointsAsk,
    /** The deals with limits the sale may use: their uses left at the server, a use held of those it uses. */
    deals?: DealUsesAsked,
  ): Promise<HoldResult>;
  /** Gives back a hold whose sale was not written after all (the server's expiry covers a lost one). */
  release(holdId: string): void;
}

/** On a register attached to a store server: what its sales ask the server while it answers. */
export interface SaleLink {
  /** Holds a sale's units in the store's one stock. */
  holder: StockHolder;
  /** A customer's purchases at the server (other registers, the ecommerce site), for the limits. */
  purchases: PurchasesElsewhere;
}

/** The points a sale's reward dollars spend, to hold at the store server with its units (README "Loyalty"). */
export interface PointsAsk {
  /** The register's id of the customer whose points pay them. */
  customerId: string;
  /** The sale's reward dollars, in cents. */
  rewardCents: number;
  /** Those asked, when more than the sale takes (`rewardCents`): the server's refusal names them. */
  askedCents?: number;
}

/** What a hold came to. */
export type HoldResult =
  | {
      outcome: 'held';
      /** With an allowance the server counted: the customer's lines there and those other sales hold. */
      purchases: BoughtLine[] | null;
      /** With points asked: those the server holds for the sale (absent: none held, the register decides alone). */
      pointsHeld?: number;
      /** With deals asked: each deal's uses left at the server for the sale (README "Deals"). */
      dealUses?: readonly DealUsesLeft[];
    }
  | { outcome: 'unasked' }
  | { outcome: 'short'; available: readonly Reservation[] };

/** What the sale's write is given: its order's id (its hold's), and the customer's lines at the server. */
export interface HeldSale {
  /** The id the order is written with: the hold's, so the server knows the order its hold was for. */
  orderId: string;
  /** The customer's lines the server counted with the hold (null: none were asked, or it did not answer). */
  purchases: BoughtLine[] | null;
  /** The points of its reward dollars the server holds for it (absent: none; the offline cap applies). */
  heldPoints?: number;
  /** The uses left at the server of the deals with limits, by deal (absent: not asked, or not held). */
  serverUsesLeft?: ReadonlyMap<string, number>;
}

/** The register's copy moved between the plan and the write: the units held are not those the write takes. */
class HeldOtherwise extends Error {}

/** An order's stock offering no more of a package than `caps` (what the store server has of it). */
function capped(stock: OrderStock, caps: ReadonlyMap<string, number> | undefined): OrderStock {
  if (!caps) return stock;
  return {
    packagesOf: async (dispensaryId, locationId, productIds, wanted) => {
      const found = await stock.packagesOf(dispensaryId, locationId, productIds, wanted);
      for (const pkg of found.values()) {
        const cap = caps.get(pkg.packageId);
        if (cap !== undefined) pkg.availableMilli = Math.min(pkg.availableMilli, cap);
      }
      return found;
    },
    reserveAll: (reservations) => stock.reserveAll(reservations),
  };
}

/** An order's stock that takes exactly the units held at the server (`held`; null: none was). */
function asHeld(stock: OrderStock, held: readonly Reservation[] | null): OrderStock {
  return {
    packagesOf: (dispensaryId, locationId, productIds, wanted) =>
      stock.packagesOf(dispensaryId, locationId, productIds, wanted),
    reserveAll: (reservations) => {
      if (held && key(reservations) !== key(held)) throw new HeldOtherwise();
      return stock.reserveAll(reservations);
    },
  };
}

const key = (reservations: readonly Reservation[]) =>
  reservations
    .map((r) => `${r.packageId}:${r.milli}`)
    .sort()
    .join(',');

/**
 * The units a ticket's write would take, read from the copy as it is now (nothing locked or
 * reserved), and the lines it would sell.
 */
async function planned(
  stock: OrderStock,
  plan: HoldingOptions<unknown>['plan'],
): Promise<{ wanted: Reservation[]; lines: readonly SoldLine[] }> {
  let wanted: Reservation[] = [];
  const lines = await plan({
    packagesOf: (dispensaryId, locationId, productIds, wanted) =>
      stock.packagesOf(dispensaryId, locationId, productIds, wanted),
    reserveAll: (reservations) => {
      wanted = [...reservations];
      return Promise.resolve(true);
    },
  });
  return { wanted, lines: lines ?? [] };
}

/** How a ticket is written with its stock on an attached register. */
export interface HoldingOptions<T> {
  /** Where the plan reads the register's copy (outside any write). */
  q: Queryable;
  /** Builds the order on a stock as the write will (the plan: which units it takes; none for a replay): its lines. */
  plan: (stock: OrderStock) => Promise<readonly SoldLine[] | undefined>;
  /** The customer's allowance to hold with the units, of the planned lines (none: nothing to hold). */
  allowance?: (lines: readonly SoldLine[]) => AllowanceAsk | undefined;
  /** The points the planned sale's reward dollars spend, to hold with the units (none: nothing to hold). */
  points?: () => PointsAsk | undefined;
  /** The deals with limits the planned sale may use, to count and hold at the server (none: nothing to ask). */
  deals?: () => DealUsesAsked | undefined;
  /** The ticket's write, on the stock it is given inside its transaction. */
  write: (stockOf: (tx: Queryable) => OrderStock, sale: HeldSale) => Promise<T>;
}

/**
 * Runs a ticket's write on an attached register (`holder`) with its units held at the store server
 * first, outside the write, so a sale waiting on the network never holds up the register's other
 * writes; and with them the customer's allowance, in the same request. The plan reads which units
 * the write will take; the server holds them (all or none) or says what it has, and the write then
 * runs within that (lines filled as far as they go, as for any ticket), as the order the hold is
 * named by. A hold whose write failed is given back. Without a holder, the write alone.
 */
export async function holdingStock<T>(
  inventory: InventoryRepository,
  holder: StockHolder | undefined,
  options: HoldingOptions<T>,
): Promise<T> {
  const { q, plan, write } = options;
  if (!holder?.ready()) {
    return write((tx) => inventory.lockedStock(tx), { orderId: timeOrderedUuid(), purchases: null });
  }
  const copy = inventory.stock(q);
  let caps: Map<string, number> | undefined;
  for (let attempt = 1; attempt <= MAX_HOLD_ATTEMPTS; attempt += 1) {
    const { wanted, lines } = await planned(capped(copy, caps), plan);
    const holdId = timeOrderedUuid();
    const allowance = wanted.length > 0 ? options.allowance?.(lines) : undefined;
    const points = wanted.length > 0 ? options.points?.() : undefined;
    const deals = wanted.length > 0 ? options.deals?.() : undefined;
    const result: HoldResult =
      wanted.length > 0 ? await holder.hold(holdId, wanted, allowance, points, deals) : { outcome: 'unasked' };
    if (result.outcome === 'short') {
      caps = new Map(result.available.map((r) => [r.packageId, r.milli]));
      continue;
    }
    const held = result.outcome === 'held' ? wanted : null;
    const purchases = result.outcome === 'held' ? result.purchases : null;
    const heldPoints = result.outcome === 'held' ? result.pointsHeld : undefined;
    try {
      const sale: HeldSale = { orderId: holdId, purchases, heldPoints };
      if (result.outcome === 'held') sale.serverUsesLeft = usesLeftOf(result.dealUses);
      return await write((tx) => asHeld(capped(inventory.lockedStock(tx), caps), held), sale);
    } catch (error) {
      if (held) holder.release(holdId);
      if (!(error instanceof HeldOtherwise)) throw error;
    }
  }
  throw new ServicePayError('CONFLICT', "the store's stock kept changing while this sale was written; try again");
}
