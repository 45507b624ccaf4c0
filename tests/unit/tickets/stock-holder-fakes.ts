import type { InventoryRepository } from '../../../electron/server/catalog/inventory-repository.js';
import type { OrderStock } from '../../../electron/server/catalog/order-stock.js';
import type { Reservation } from '../../../electron/server/catalog/stock-reservations.js';
import type { PackageForSale } from '../../../electron/server/catalog/package-for-sale.js';
import type { AllowanceAsk } from '../../../electron/server/customers/purchases-elsewhere.js';
import type { SoldLine } from '../../../electron/server/customers/ticket-compliance.js';
import type { Queryable } from '../../../electron/server/db/query.js';
import type { HeldSale, HoldResult, StockHolder } from '../../../electron/server/tickets/stock-holder.js';

// A register's sale as holdingStock (tickets/stock-holder.ts) runs it, with a store server's answers
// and the register's copy of one package made up by the test.

/** A store server's answers, in turn, and what the register asked of it. */
export class ServerAnswers implements StockHolder {
  readonly asked: { holdId: string; reservations: readonly Reservation[]; allowance?: AllowanceAsk }[] = [];
  readonly released: string[] = [];
  constructor(
    private readonly answers: HoldResult[],
    private readonly answering = true,
  ) {}
  ready(): boolean {
    return this.answering;
  }
  hold(holdId: string, reservations: readonly Reservation[], allowance?: AllowanceAsk): Promise<HoldResult> {
    this.asked.push({ holdId, reservations, allowance });
    return Promise.resolve(this.answers.shift() ?? { outcome: 'held', purchases: null });
  }
  release(holdId: string): void {
    this.released.push(holdId);
  }
}

/** The register's own copy: one package with `available()` thousandths (read each time). */
export function copyWith(available: () => number): InventoryRepository {
  const packagesOf = () =>
    Promise.resolve(new Map([['p1', { packageId: 'pkg-1', availableMilli: available() } as PackageForSale]]));
  const stock: OrderStock = { packagesOf, reserveAll: () => Promise.resolve(true) };
  return { lockedStock: () => stock, stock: () => stock } as unknown as InventoryRepository;
}

/** A ticket as buildOrder makes one: reads the package, fills the line as far as it goes, reserves. */
export const sellUpTo = (wanted: number) => async (stock: OrderStock) => {
  const pkg = (await stock.packagesOf('d', 'l', ['p1'])).get('p1')!;
  const milli = Math.min(wanted, pkg.availableMilli);
  await stock.reserveAll(milli > 0 ? [{ packageId: pkg.packageId, milli }] : []);
  return milli;
};

/** The line the plan of a sale of `milli` sells: flower by the gram. */
export const flower = (milli: number): SoldLine => ({
  type: 'FLOWER',
  name: 'Granddaddy Purple',
  deli: true,
  cannabisWeightMg: null,
  thcMg: null,
  quantityMilli: milli,
  packageLabel: '1A40',
});

/** The options of a sale of up to `wanted`, whose write then runs `after`. */
export const sale = (wanted: number, after: (milli: number, held: HeldSale) => number = (milli) => milli) => ({
  q: {} as Queryable,
  plan: async (stock: OrderStock) => [flower(await sellUpTo(wanted)(stock))],
  write: async (stockOf: (tx: Queryable) => OrderStock, held: HeldSale) =>
    after(await sellUpTo(wanted)(stockOf({} as Queryable)), held),
});
