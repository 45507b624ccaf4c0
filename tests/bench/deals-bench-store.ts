/**
 * The deals service bench's store (issue 31), shared by deals-service-bench.ts and
 * deals-tickets-cpu.ts: the demo store on SQLite with a bench catalog of 400 products (12 brands, 8
 * categories) through the real CLI, and 300 random active deals (random-deals.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TicketCreateRequest } from '../../shared/contracts/ticket.js';
import type { DataLayer } from '../../electron/server/db/data-layer.js';
import { DealsRepository } from '../../electron/server/deals/deals-repository.js';
import { runCli } from './bench-cli.js';
import { int, randomDeal, STRESS, type DealMix } from './random-deals.js';

export const BRANDS = Array.from({ length: 12 }, (_, index) => `Bench Brand ${index}`);
export const CATEGORIES = ['flower', 'preroll', 'vape', 'edible', 'beverage', 'concentrate', 'tincture', 'topical'];

/**
 * The `index`th id of a kind (`variant` 8 a product, 9 a deal), the same every run: the engine orders
 * a cart's lines by product id and the deals of one priority by id (its tie-breaks follow), so random
 * ids made each run's deals land differently (5.2–6.7 discounts a line in one day's runs).
 */
const benchId = (variant: '8' | '9', index: number) =>
  `00000000-0000-4000-${variant}000-${String(index).padStart(12, '0')}`;

/** The bench catalog (stock for millions of sales), through the real CLI: its product ids. */
export function prepare(dbArgs: string[], dir: string): string[] {
  runCli(dbArgs, 'demo', 'load');
  const ids = Array.from({ length: 400 }, (_, i) => benchId('8', i));
  const rows = ids.map(
    (id, i) =>
      `${id},DEAL-${i},${CATEGORIES[i % 8]},hybrid,${BRANDS[i % 12]},Deal Bench ${i},1 unit,1,each,,${(5 + (i % 50)).toFixed(2)},cannabis,false,50000000,1A4DEAL${String(i).padStart(9, '0')}`,
  );
  const csv = join(dir, 'deals-catalog.csv');
  writeFileSync(
    csv,
    `productId,sku,type,subtype,brand,name,size,weight,unitType,barcodes,price,taxClass,deli,quantityOnHand,packageLabel\n${rows.join('\n')}\n`,
  );
  runCli(dbArgs, 'catalog', 'import', csv, '--dispensary', 'demo');
  return ids;
}

/** 300 random active deals of `mix` over the catalog, `everyProduct` of them on every product. */
export async function addDeals(
  db: DataLayer,
  dispensaryId: string,
  ids: string[],
  everyProduct: number,
  mix: DealMix = STRESS,
): Promise<void> {
  const catalog = {
    products: ids,
    brands: BRANDS,
    categories: CATEGORIES.map((c) => c.toUpperCase()),
    tags: [],
    everyProduct,
  };
  const repository = new DealsRepository(db);
  const at = new Date().toISOString();
  await db.write(async (tx) => {
    for (let i = 0; i < 300; i += 1)
      await repository.insert(tx, randomDeal(i, catalog, benchId('9', i), mix), dispensaryId, at);
  });
  await db.invalidateCaches();
}

/** A cart of `lines` consecutive products of the catalog, 1–3 of each. */
export const cart = (ids: string[], lines: number): TicketCreateRequest => {
  const start = int(0, ids.length - lines);
  return {
    type: 'PICKUP',
    items: Array.from({ length: lines }, (_, k) => ({ productId: ids[start + k]!, quantity: int(1, 3) })),
  };
};
