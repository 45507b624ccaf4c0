import { basename } from 'node:path';
import { fromMilli } from '../../../../shared/quantity.js';
import type { StockSet, UpsertOutcome } from '../product-upsert.js';

/** How many SKUs the audit trail's words name of each kind before "and N more". */
const NAMED = 10;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function named<T>(items: readonly T[], word: (item: T) => string): string {
  const shown = items.slice(0, NAMED).map(word).join(', ');
  return items.length > NAMED ? `${shown} and ${items.length - NAMED} more` : shown;
}

const stockWords = (set: StockSet) => `${set.sku} ${fromMilli(set.beforeMilli)} → ${fromMilli(set.afterMilli)}`;

/**
 * A catalog import in the audit trail's words: the file, how many products were added and changed,
 * and what it did to stock: "Catalog import of products.csv: 1 product added, 2 changed; stock set by
 * the file for 1 (FLW-001 40 → 100); stock kept in received packages for 1 (TRL-001)".
 */
export function importInWords(file: string, written: UpsertOutcome): string {
  const parts = [
    `Catalog import of ${basename(file)}: ${plural(written.created, 'product')} added, ${written.updated} changed`,
  ];
  const { stockSet, stockKept } = written;
  if (stockSet.length > 0) {
    parts.push(`stock set by the file for ${stockSet.length} (${named(stockSet, stockWords)})`);
  }
  if (stockKept.length > 0) {
    parts.push(`stock kept in received packages for ${stockKept.length} (${named(stockKept, (sku) => sku)})`);
  }
  return parts.join('; ');
}
