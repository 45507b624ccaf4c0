import type { ProductStock, StockChange } from '../../../shared/contracts/live.js';
import { fromMilli } from '../../../shared/quantity.js';
import type { StockMoves } from '../core/stock-moves.js';
import { dispensaryTopic, type LiveHub } from '../core/live-hub.js';
import type { DataLayer } from '../db/data-layer.js';
import { MovesInTurn, type Moved } from './moves-in-turn.js';
import { floorStock } from './selling-package.js';

/** The most products one `stock.changed` names: each event stays small (as when they went through NOTIFY). */
const STOCK_NEWS_MAX = 50;

/** The notice of moves one instance gives every instance on a shared database: ids, no figures. */
const MOVED_NOTICE = 'stock.moved';

/** The most ids one notice names (36 characters each: it stays well under NOTIFY's 8000 bytes). */
const NOTICE_MAX_IDS = 100;

/** A notice of moves as it travels between instances. */
export interface MovedNotice {
  dispensaryId: string;
  products: string[];
  packages: string[];
}

/** The notices that tell `moved`: `most` ids a notice at most, the products first. */
export function movedNotices(dispensaryId: string, moved: Moved, most = NOTICE_MAX_IDS): MovedNotice[] {
  const [products, packages] = [[...moved.products], [...moved.packages]];
  const inPackages = (end: number) => Math.max(0, end - products.length); // where `end` falls in `packages`
  const notices: MovedNotice[] = [];
  for (let at = 0; at < products.length + packages.length; at += most) {
    const end = at + most;
    notices.push({
      dispensaryId,
      products: products.slice(at, end),
      packages: packages.slice(inPackages(at), inPackages(end)),
    });
  }
  return notices;
}

const strings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((one) => typeof one === 'string');

/** The notice in `data`, or null for anything else (a notice comes from another process). */
function noticeOf(data: unknown): MovedNotice | null {
  const notice = data as Partial<MovedNotice> | null;
  if (typeof notice?.dispensaryId !== 'string' || !strings(notice.products) || !strings(notice.packages)) return null;
  return notice as MovedNotice;
}

/**
 * Tells the live channel's `catalog` topic which products' stock moved (`stock.changed`, with the
 * catalog's figures), once the write that moved it is committed: an order placed, edited, canceled
 * or handed over, a register's sale held or its changes applied, a register's copy of the stock read.
 * The figures are read where someone follows the store: by the instance whose screens follow its
 * catalog, once for all of them, so no register reads its catalog again for a sale, and nothing is
 * read where nobody may hear it. On a database other instances share, the moves' ids go to every
 * instance first (a `stock.moved` notice through the hub), and each that has followers reads them.
 * Moves that come while a read is on its way are read together next (a busy store's sales a moment
 * apart make one read and one event), and stores one at a time, so the events go out in the order
 * their figures were read: a later one never carries older figures. A read that fails loses the
 * event for live clients, never the data (committed already): their next move or reconnect puts it
 * right.
 */
export class StockNews implements StockMoves {
  /** Moves made here, on a shared database: told to every instance. */
  private readonly told = new MovesInTurn((dispensaryId, moved) => this.tellInstances(dispensaryId, moved));
  /** Moves heard for stores this instance's screens follow: read, then told to them. */
  private readonly heard = new MovesInTurn((dispensaryId, moved) => this.tell(dispensaryId, moved));

  constructor(
    private readonly db: DataLayer,
    private readonly live: LiveHub,
  ) {
    live.hear(MOVED_NOTICE, (data) => {
      const notice = noticeOf(data);
      if (!notice) return;
      this.hearMoves(notice.dispensaryId, 'products', notice.products);
      this.hearMoves(notice.dispensaryId, 'packages', notice.packages);
    });
  }

  /** Products of store `dispensaryId` whose stock a committed write moved. */
  products(dispensaryId: string, productIds: Iterable<string>): void {
    this.add(dispensaryId, 'products', productIds);
  }

  /** Packages of store `dispensaryId` whose stock a committed write moved (told as their products). */
  packages(dispensaryId: string, packageIds: Iterable<string>): void {
    this.add(dispensaryId, 'packages', packageIds);
  }

  private add(dispensaryId: string, kind: keyof Moved, ids: Iterable<string>): void {
    // A database of this instance alone: the moves are heard here, as they are made.
    if (this.db.shared) this.told.add(dispensaryId, kind, ids);
    else this.hearMoves(dispensaryId, kind, ids);
  }

  private hearMoves(dispensaryId: string, kind: keyof Moved, ids: Iterable<string>): void {
    if (this.live.followedHere(dispensaryTopic(dispensaryId, 'catalog'))) this.heard.add(dispensaryId, kind, ids);
  }

  /**
   * The moves' ids to every instance, in the order told (the notifications' own order), not waiting
   * for them to be sent: moves told in one go (a sale's products and packages) make one notice.
   */
  private tellInstances(dispensaryId: string, moved: Moved): void {
    for (const notice of movedNotices(dispensaryId, moved)) void this.live.tellInstances(MOVED_NOTICE, notice);
  }

  /** The moved products' figures, read once, to this instance's followers of the store's catalog. */
  private async tell(dispensaryId: string, moved: Moved): Promise<void> {
    try {
      const stock = await this.read(dispensaryId, moved);
      for (let at = 0; at < stock.length; at += STOCK_NEWS_MAX) {
        const change: StockChange = { products: stock.slice(at, at + STOCK_NEWS_MAX) };
        this.live.publishHere(dispensaryTopic(dispensaryId, 'catalog'), 'stock.changed', change);
      }
    } catch {
      // Not read (the service closing, the database away): see the class's note.
    }
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
