import { randomUUID } from 'node:crypto';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ServicePayError } from '../../../shared/errors.js';
import { BySku, twinsInWords } from './sku-key.js';
import { tagKey } from './tag-key.js';
import { keptValues, KEPT_FIELDS, type KeptField } from './import/kept-columns.js';
import type { ExistingProduct, ProductUpsert, UpsertOutcome } from './product-upsert.js';
import { productWriterQueries } from './product-writer-queries.js';

const PROGRESS_EVERY = 2_000;

/** Bulk writes of the catalog: prepared statements run in the caller's write transaction. */
export class ProductWriter {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = productWriterQueries(db);
  }

  /**
   * Every product of the dispensary that has a SKU, by SKU in any case (written so first), with the
   * package it sells from next at the location.
   */
  async existingBySku(q: Queryable, dispensaryId: string, locationId: string): Promise<BySku<ExistingProduct>> {
    const existing = new BySku<ExistingProduct>();
    for (const product of await q.all(this.q.existing, { dispensaryId, locationId })) {
      existing.add({
        ...product,
        reservedMilli: Number(product.reservedMilli),
        onHandMilli: Number(product.onHandMilli),
        discountPpm: Number(product.discountPpm),
        received: Number(product.received) === 1,
      });
    }
    return existing;
  }

  /** The dispensary and SKU of a product id, if any product has it. */
  ownerOf(q: Queryable, productId: string): Promise<{ dispensaryId: string; sku: string | null } | undefined> {
    return q.first(this.q.owner, { id: productId });
  }

  async upsertMany(
    tx: Queryable,
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: Date,
    onProgress?: (done: number, total: number) => void,
  ): Promise<UpsertOutcome> {
    const at = now.toISOString();
    // The store's row held, as the product form holds it: no other writer gives a product one of these SKUs meanwhile.
    await tx.first(this.q.lockStore, { dispensaryId });
    const existing = await this.existingBySku(tx, dispensaryId, locationId);
    const outcome: UpsertOutcome = {
      created: 0,
      updated: 0,
      stockSet: [],
      packagesSet: [],
      stockKept: [],
      keptColumns: [],
    };
    const keptColumns = new Set<KeptField>();
    for (const [index, row] of rows.entries()) {
      const { found, twins } = existing.match(row.sku);
      // The import's check refuses such a row (check-existing.ts); the demo loader never writes one.
      if (twins.length > 0) {
        throw new ServicePayError('CONFLICT', `sku ${row.sku} ${twinsInWords(twins)}`, { field: 'sku' });
      }
      const packageLabel = row.packageLabel || (found?.packageLabel ?? '');
      for (const field of found ? (row.kept ?? []) : []) keptColumns.add(field);
      const base = {
        ...row,
        ...keptValues(row, found),
        packageLabel,
        packageLabelKey: tagKey(packageLabel),
        deli: row.deli ? 1 : 0,
        cannabisWeightMg: row.cannabisWeightMg === undefined ? (found?.cannabisWeightMg ?? null) : row.cannabisWeightMg,
        thcMg: row.thcMg === undefined ? (found?.thcMg ?? null) : row.thcMg,
        tags: row.tags === undefined ? (found?.tags ?? '[]') : JSON.stringify(row.tags),
        dispensaryId,
        locationId,
        now: at,
      };
      if (found?.received) {
        const values = { ...base, productId: found.productId, packageId: '', unitId: '' };
        await tx.run(this.q.updateProduct, values);
        await tx.run(this.q.updatePricingOnly, values);
        outcome.stockKept.push(row.sku);
        outcome.updated += 1;
      } else if (found) {
        const unitId = row.unitId ?? found.unitId ?? randomUUID();
        const values = { ...base, productId: found.productId, packageId: found.packageId ?? randomUUID(), unitId };
        await tx.run(this.q.updateProduct, values);
        await tx.run(found.packageId ? this.q.updatePackage : this.q.insertPackage, values);
        if (found.packageId) await tx.run(this.q.updatePricing, values);
        if (row.onHandMilli !== found.onHandMilli) {
          outcome.stockSet.push({
            sku: row.sku,
            deli: row.deli,
            beforeMilli: found.onHandMilli,
            afterMilli: row.onHandMilli,
          });
          const { productId, packageId } = values;
          outcome.packagesSet.push({
            packageId,
            productId,
            beforeMilli: found.onHandMilli,
            afterMilli: row.onHandMilli,
          });
        }
        outcome.updated += 1;
      } else {
        const values = {
          ...base,
          productId: row.productId ?? randomUUID(),
          packageId: randomUUID(),
          unitId: row.unitId ?? randomUUID(),
        };
        await tx.run(this.q.insertProduct, values);
        await tx.run(this.q.insertPackage, values);
        existing.add({ ...values, reservedMilli: 0, onHandMilli: row.onHandMilli, received: false });
        if (row.onHandMilli !== 0) {
          const { productId, packageId } = values;
          outcome.packagesSet.push({ packageId, productId, beforeMilli: 0, afterMilli: row.onHandMilli });
        }
        outcome.created += 1;
      }
      const done = index + 1;
      if (onProgress && (done % PROGRESS_EVERY === 0 || done === rows.length)) onProgress(done, rows.length);
    }
    outcome.keptColumns = KEPT_FIELDS.filter((field) => keptColumns.has(field));
    return outcome;
  }
}
