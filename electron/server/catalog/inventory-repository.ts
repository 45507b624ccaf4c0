import type { DataLayer } from '../db/data-layer.js';
import type { Prepared, Queryable, WriteStep } from '../db/query.js';
import { packagesOfProducts, packagesWithIds, type PackageRow } from './package-rows.js';
import { forSale, ratesKey, type PackageForSale } from './package-for-sale.js';
import type { LayerRate } from '../../../shared/tax-layers.js';
import { TaxRatesCache } from './tax-rates-cache.js';
import { PackageStocks } from './package-stock.js';
import { PackagesNow } from './packages-now.js';
import { sellingPackage, type SellingCandidate } from './selling-package.js';
import { consumed, released, returned, type StockMove } from './stock-claims.js';
import { StockReservations, type Reservation } from './stock-reservations.js';
import type { OrderStock } from './order-stock.js';

/** A package as its product's choice of package weighs it, and its sale once built (`packagesNow`). */
type Candidate = SellingCandidate & { row: PackageRow; sale?: PackageForSale };

/**
 * Stock of packages: what tickets read to price lines, and the reservations they make. A reservation
 * is one conditional UPDATE, and a ticket locks its packages' rows before reading how many are
 * available, so two tickets can never take the same units, even on two service instances.
 */
export class InventoryRepository {
  private readonly stocks: PackageStocks;
  /** The packages query for n products (locked or not), compiled once per shape. */
  private readonly lookups = new Map<string, Prepared<Record<string, string>, PackageRow>>();
  /** The reservation of n packages in one statement. */
  private readonly reservationsOf: StockReservations;

  private readonly rates: TaxRatesCache;
  /** What quotes read, kept while nothing is written (`packagesNow`). */
  private readonly kept: PackagesNow<Candidate>;

  constructor(private readonly db: DataLayer) {
    this.rates = new TaxRatesCache(db);
    this.stocks = new PackageStocks(db);
    this.kept = new PackagesNow(db);
    this.reservationsOf = new StockReservations(db);
  }

  /**
   * The package each of `productIds` sells from at the location (`OrderStock.packagesOf`), as
   * they are now (a quote, a screen) or locked (`lock`: every package of those products).
   */
  async packagesOf(
    q: Queryable,
    dispensaryId: string,
    locationId: string,
    productIds: readonly string[],
    lock = false,
    wantedMilli?: ReadonlyMap<string, number>,
  ): Promise<Map<string, PackageForSale>> {
    if (productIds.length === 0) return new Map();
    const byProduct = await this.candidatesOf(q, dispensaryId, locationId, productIds, lock);
    return this.chosen(q, byProduct, wantedMilli, false);
  }

  /**
   * `packagesOf` as things are now, for a quote: what a cart priced again reads from memory while
   * nothing was written to the database since (`PackagesNow`), each package's sale built once.
   * Outside a transaction only: one sees its own writes.
   */
  async packagesNow(
    q: Queryable,
    dispensaryId: string,
    locationId: string,
    productIds: readonly string[],
    wantedMilli?: ReadonlyMap<string, number>,
  ): Promise<Map<string, PackageForSale>> {
    if (q !== this.db) return this.packagesOf(q, dispensaryId, locationId, productIds, false, wantedMilli);
    if (productIds.length === 0) return new Map();
    const byProduct = await this.kept.get(`${dispensaryId}\u0000${locationId}`, productIds, (ids) =>
      this.candidatesOf(q, dispensaryId, locationId, ids, false),
    );
    return this.chosen(q, byProduct, wantedMilli, true);
  }

  /** Each product's packages at the location, as the choice of its selling package weighs them. */
  private async candidatesOf(
    q: Queryable,
    dispensaryId: string,
    locationId: string,
    productIds: readonly string[],
    lock: boolean,
  ): Promise<Map<string, Candidate[]>> {
    const params: Record<string, string> = { dispensaryId, locationId };
    productIds.forEach((id, index) => (params[`id${index}`] = id));
    const rows = await q.all(this.lookup('products', productIds.length, lock), params);
    const byProduct = new Map<string, Candidate[]>();
    for (const row of rows) {
      const candidate: Candidate = {
        row,
        packageId: row.packageId,
        onFloor: Number(row.onFloor) === 1,
        expiresOn: row.expiresOn,
        availableMilli: Number(row.availableMilli),
      };
      const candidates = byProduct.get(row.productId);
      if (candidates) candidates.push(candidate);
      else byProduct.set(row.productId, [candidate]);
    }
    return byProduct;
  }

  /**
   * The package each product sells from (`sellingPackage`), as a sale reads it. A `kept` candidate
   * keeps its sale as long as it is kept, frozen: every quote shares it (a sale's own copy is its
   * caller's to change: a hold caps what it may take).
   */
  private async chosen(
    q: Queryable,
    byProduct: ReadonlyMap<string, readonly Candidate[]>,
    wantedMilli: ReadonlyMap<string, number> | undefined,
    kept: boolean,
  ): Promise<Map<string, PackageForSale>> {
    const chosen: [string, Candidate][] = [];
    for (const [productId, candidates] of byProduct) {
      const one = sellingPackage(candidates, wantedMilli?.get(productId));
      if (one) chosen.push([productId, one]);
    }
    const rates = await this.ratesOf(
      q,
      chosen.filter(([, one]) => !one.sale).map(([, one]) => one.row),
    );
    const found = new Map<string, PackageForSale>();
    for (const [productId, one] of chosen) {
      found.set(productId, kept ? (one.sale ??= Object.freeze(forSale(one.row, rates))) : forSale(one.row, rates));
    }
    return found;
  }

  /**
   * The packages `packageIds` of the dispensary's products (at any of its locations), by package id;
   * `lock`: their rows locked until the write ends, in the order every writer locks packages.
   */
  async packagesById(
    q: Queryable,
    dispensaryId: string,
    packageIds: readonly string[],
    lock = false,
  ): Promise<Map<string, PackageForSale>> {
    const found = new Map<string, PackageForSale>();
    if (packageIds.length === 0) return found;
    const params: Record<string, string> = { dispensaryId };
    packageIds.forEach((id, index) => (params[`id${index}`] = id));
    const rows = await q.all(this.lookup('packages', packageIds.length, lock), params);
    const rates = await this.ratesOf(q, rows);
    for (const row of rows) found.set(row.packageId, forSale(row, rates));
    return found;
  }

  /**
   * The tax rates of the rows' classes, each class (and combined rate read) looked up once: a
   * ticket's lines mostly share one or two, and a 20-line quote waited on each line's lookup.
   */
  private async ratesOf(q: Queryable, rows: readonly PackageRow[]): Promise<Map<string, LayerRate[]>> {
    const rates = new Map<string, LayerRate[]>();
    for (const row of rows) {
      const key = ratesKey(row);
      if (!rates.has(key)) rates.set(key, await this.rates.of(q, Number(row.taxClassId), Number(row.taxRatePpm)));
    }
    return rates;
  }

  private lookup(
    by: 'products' | 'packages',
    count: number,
    lock: boolean,
  ): Prepared<Record<string, string>, PackageRow> {
    const key = `${by}:${count}:${lock}`;
    let prepared = this.lookups.get(key);
    if (!prepared) {
      prepared = this.db.prepare((k, p: Record<string, string>) => {
        const ids = Array.from({ length: count }, (_, index) => p[`id${index}`]!);
        const select =
          by === 'products'
            ? packagesOfProducts(k, this.db.dialect, p.dispensaryId!, p.locationId!, ids)
            : packagesWithIds(k, this.db.dialect, p.dispensaryId!, ids);
        // The packages' rows only, as their reservation's update locks them: a lock on the joined
        // product rows made another sale's grouped write, which holds the package and whose order
        // lines point at the product, wait on this one while it waited on that one (a deadlock).
        return lock ? this.db.dialect.forNoKeyUpdate(select, 'k') : select;
      });
      this.lookups.set(key, prepared);
    }
    return prepared;
  }

  /**
   * The stock as it is now, nothing locked: a plan, or a ticket written with `DataLayer.writeSteps`,
   * whose conditional reservation then checks that the units read are still there. Its `reserveAll`
   * takes nothing (the reservation is `reserving`'s step).
   */
  stock(q: Queryable): OrderStock {
    return {
      packagesOf: (dispensaryId, locationId, productIds, wanted) =>
        this.packagesOf(q, dispensaryId, locationId, productIds, false, wanted),
      reserveAll: () => Promise.resolve(true),
    };
  }

  /**
   * The stock a ticket reads inside its write: its packages locked until the write ends (or the
   * writer exclusive), so what was read is still there when the order is written. Its `reserveAll`
   * takes nothing yet: the reservation is written with the order, by `reserving`'s step, in the
   * order's one round trip.
   */
  lockedStock(tx: Queryable): OrderStock {
    return {
      packagesOf: (dispensaryId, locationId, productIds, wanted) =>
        this.packagesOf(tx, dispensaryId, locationId, productIds, true, wanted),
      reserveAll: () => Promise.resolve(true),
    };
  }

  /** The conditional UPDATE taking each reservation's units off its package (stock-reservations.ts). */
  reserving(reservations: readonly Reservation[]): WriteStep {
    return this.reservationsOf.reserving(reservations);
  }

  /**
   * Gives back a canceled order's claim: only the units it held become available again (a package
   * short of what its open orders hold keeps what it has for the others).
   */
  release(tx: Queryable, packageId: string, milli: number): Promise<void> {
    return this.move(tx, packageId, released(milli));
  }

  /**
   * Turns an order's claim into a sale that left the store (a completed order). An order of a
   * package short of its open orders' claims (registers sold offline more than the store had)
   * hands over what is on hand: the rest is the shortfall its forward listed, and ends with it.
   */
  consume(tx: Queryable, packageId: string, milli: number): Promise<void> {
    return this.move(tx, packageId, consumed(milli));
  }

  /** Puts a reopened counter sale's units back on hand, held for it again (tickets/counter-sales.ts). */
  restore(tx: Queryable, packageId: string, milli: number): Promise<void> {
    return this.move(tx, packageId, returned(milli));
  }

  /** Moves a package's stock, its row locked, in the caller's write. */
  private async move(tx: Queryable, packageId: string, change: StockMove): Promise<void> {
    if (!(await this.stocks.move(tx, packageId, change))) {
      throw new Error(`package ${packageId} is not in this database; stock is inconsistent`);
    }
  }
}
