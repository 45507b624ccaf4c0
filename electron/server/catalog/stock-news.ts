import type { ProductStock, StockChange } from '../../../shared/contracts/live.js';
import { fromMilli } from '../../../shared/quantity.js';
import type { StockMoves } from '../core/stock-moves.js';
import { dispensaryTopic, type LiveHub } from '../core/live-hub.js';
import type { DataLayer } from '../db/data-layer.js';
import { floorStock } from './selling-package.js';

/** The most products one `stock.changed` names: its JSON stays well under PostgreSQL's NOTIFY limit (8000 bytes). */
const STOCK_NEWS_MAX = 50;

/** What moved at one store and is not told yet: products by id, and packages (told as their products). */
interface Moved {
  products: Set<string>;
  packages: Set<string>;
}

/**
 * Tells the live channel's `catalog` topic which products' stock moved (`stock.changed`, with the
 * catalog's figures), once the write that moved it is committed: an order placed, edited, canceled
 * or handed over, a register's sale held or its changes applied, a register's copy of the stock read.
 * The figures are read here, once for every screen that follows the store, so no register reads its
 * catalog again for a sale. Moves told while a read is on its way are read together next (a busy
 * store's sales a moment apart make one read and one event), and stores are read one at a time, so
 * the events go out in the order their figures were read: a later one never carries older figures.
 * Nothing is read while nobody may hear it (`LiveHub.mayReach`). A read that fails loses the event
 * for live clients, never the data (committed already): their next move or reconnect puts it right.
 */
export class StockNews implements StockMoves {
  private readonly waiting = new Map<string, Moved>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: DataLayer,
    private readonly live: LiveHub,
  ) {}

  /** Products of store `dispensaryId` whose stock a committed write moved. */
  products(dispensaryId: string, productIds: Iterable<string>): void {
    this.add(dispensaryId, 'products', productIds);
  }

  /** Packages of store `dispensaryId` whose stock a committed write moved (told as their products). */
  packages(dispensaryId: string, packageIds: Iterable<string>): void {
    this.add(dispensaryId, 'packages', packageIds);
  }

  private add(dispensaryId: string, kind: keyof Moved, ids: Iterable<string>): void {
    if (!this.live.mayReach(dispensaryTopic(dispensaryId, 'catalog'))) return;
    let moved = this.waiting.get(dispensaryId);
    for (const id of ids) {
      if (!moved) this.waiting.set(dispensaryId, (moved = { products: new Set(), packages: new Set() }));
      moved[kind].add(id);
    }
    if (moved) this.running ??= this.tell();
  }

  private async tell(): Promise<void> {
    for (let next = this.waiting.entries().next(); !next.done; next = this.waiting.entries().next()) {
      const [dispensaryId, moved] = next.value;
      this.waiting.delete(dispensaryId);
      try {
        const stock = await this.read(dispensaryId, moved);
        for (let at = 0; at < stock.length; at += STOCK_NEWS_MAX) {
          const change: StockChange = { products: stock.slice(at, at + STOCK_NEWS_MAX) };
          this.live.publishTo(dispensaryId, 'catalog', 'stock.changed', change);
        }
      } catch {
        // Not read (the service closing, the database away): see the class's note.
      }
    }
    this.running = null;
  }

  /** The products' stock as the catalog counts it: on the sales floor of the store's primary location. */
  private async read(dispensaryId: string, moved: Moved): Promise<ProductStock[]> {
    const k = this.db.builder;
    const location = await this.db.first(
      k
        .selectFrom('locations')
        .select('id')
        .where('dispensary_id', '=', dispensaryId)
        .where('is_primary', '=', 1)
        .orderBy('id')
        .limit(1),
    );
    if (!location) return [];
    const products = [...moved.products];
    const packages = [...moved.packages];
    const rows = await this.db.all(
      k
        .selectFrom('products as p')
        .select(['p.id as productId'])
        .select([floorStock(location.id, 'onHand').as('onHand'), floorStock(location.id, 'available').as('available')])
        .where('p.dispensary_id', '=', dispensaryId)
        .where((eb) =>
          eb.or([
            ...(products.length > 0 ? [eb('p.id', 'in', products)] : []),
            ...(packages.length > 0
              ? [eb('p.id', 'in', eb.selectFrom('packages as m').select('m.product_id').where('m.id', 'in', packages))]
              : []),
          ]),
        )
        .orderBy('p.id'),
    );
    return rows.map((row) => {
      const available = Number(row.available);
      return {
        productId: row.productId,
        quantityOnHand: fromMilli(Number(row.onHand)),
        quantityAvailable: fromMilli(available),
        inStock: available > 0,
      };
    });
  }
}
