import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { Database } from '../db/schema.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import { skuKey, twinsInWords } from '../catalog/sku-key.js';
import { productPage, selectProducts, type ProductFilter, type ProductRow } from './product-query.js';

/** The columns of a product a manager writes (its package's price and label are in PackageColumns). */
export type ProductColumns = Pick<
  Updateable<Database['products']>,
  | 'sku'
  | 'name'
  | 'brand'
  | 'type'
  | 'subtype'
  | 'size'
  | 'weight'
  | 'unit_type'
  | 'deli'
  | 'tax_class_id'
  | 'cannabis_weight_mg'
  | 'thc_mg'
  | 'cbd_mg'
  | 'barcodes'
  | 'low_stock_milli'
  | 'price_breaks'
  | 'tags'
>;

/** The columns of a product's package at the sales floor a manager writes. */
export type PackageColumns = Pick<
  Updateable<Database['packages']>,
  'price_cents' | 'unit_cost_cents' | 'cost_cents' | 'cost_milli' | 'label' | 'discount_ppm' | 'discount_description'
>;

/** A new product and its (empty) package at the store's primary location. */
export interface NewProductRow {
  productId: string;
  packageId: string;
  unitId: string;
  dispensaryId: string;
  locationId: string;
  product: Required<ProductColumns>;
  pkg: Required<PackageColumns>;
  at: string;
}

/** The products of a store as its managers keep them: a page, one, and their writes in the caller's transaction. */
export class ProductsRepository {
  constructor(private readonly db: DataLayer) {}

  /** One page of the store's products and whether another follows. */
  async page(
    q: Queryable,
    filter: ProductFilter,
  ): Promise<{ rows: (ProductRow & { sortName: string })[]; more: boolean }> {
    const rows = await q.all(productPage(this.db.builder, filter));
    return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
  }

  /**
   * One product of the store, archived or not, by its id or its SKU in any case (written so first:
   * a store may hold SKUs that differ only in case from before, migration 59). A SKU that is several
   * products' in other cases only names none: refused in words naming them.
   */
  async get(q: Queryable, dispensaryId: string, locationId: string, idOrSku: string): Promise<ProductRow | undefined> {
    const rows = await q.all(
      selectProducts(this.db.builder, dispensaryId, locationId)
        .where((eb) => eb.or([eb('p.id', '=', idOrSku), eb(this.db.dialect.asciiLower('p.sku'), '=', skuKey(idOrSku))]))
        .orderBy(sql`CASE WHEN p.id = ${idOrSku} THEN 0 WHEN p.sku = ${idOrSku} THEN 1 ELSE 2 END`)
        .orderBy('p.id'),
    );
    const [first] = rows;
    if (!first || rows.length === 1 || first.productId === idOrSku || first.sku === idOrSku) return first;
    throw new ServicePayError('CONFLICT', `sku ${idOrSku} ${twinsInWords(rows)}`);
  }

  /**
   * Holds the store's row until the write ends (PostgreSQL), so two managers never both give the
   * same barcode to two products: barcodes have no constraint of their own (one text per product).
   */
  async lockStore(tx: Queryable, dispensaryId: string): Promise<void> {
    const { builder, dialect } = this.db;
    await tx.first(
      dialect.forNoKeyUpdate(builder.selectFrom('dispensaries').select('id').where('id', '=', dispensaryId)),
    );
  }

  /**
   * The id, name and SKU of the store's product (other than `except`) whose SKU is `sku` in any
   * case, written so first, if any: the one a new or changed SKU would be the same as.
   */
  withSku(q: Queryable, dispensaryId: string, sku: string, except: string | null = null) {
    return q.first(
      this.db.builder
        .selectFrom('products as p')
        .select(['p.id', 'p.name', 'p.sku'])
        .where('p.dispensary_id', '=', dispensaryId)
        .where(this.db.dialect.asciiLower('p.sku'), '=', skuKey(sku))
        .where('p.id', '!=', except ?? '')
        .orderBy(sql`CASE WHEN p.sku = ${sku} THEN 0 ELSE 1 END`)
        .orderBy('p.id')
        .limit(1),
    );
  }

  /** The store's products (other than `except`) that carry one of `codes`, with the code each carries. */
  async withBarcodes(q: Queryable, dispensaryId: string, codes: readonly string[], except: string | null) {
    if (codes.length === 0) return [];
    const rows = await q.all(
      this.db.builder
        .selectFrom('products')
        .select(['id', 'name', 'barcodes'])
        .where('dispensary_id', '=', dispensaryId)
        .where('id', '!=', except ?? '')
        .where((eb) => eb.or(codes.map((code) => eb('barcodes', 'like', `%${code}%`)))),
    );
    return rows.flatMap((row) => {
      const own = row.barcodes.split(BARCODE_SEPARATOR);
      const code = codes.find((candidate) => own.includes(candidate));
      return code === undefined ? [] : [{ productId: row.id, name: row.name, code }];
    });
  }

  /**
   * The tags of each of the store's products that has some (archived ones too), by product name: a
   * tag spelled two ways is offered as the first product by name spells it.
   */
  async tagLists(q: Queryable, dispensaryId: string): Promise<string[][]> {
    const rows = await q.all(
      this.db.builder
        .selectFrom('products')
        .select('tags')
        .where('dispensary_id', '=', dispensaryId)
        .where('tags', '!=', '[]')
        .orderBy(sql`lower(name)`)
        .orderBy('id'),
    );
    return rows.map((row) => JSON.parse(row.tags) as string[]);
  }

  /** The id of the store's tax class `code`, if it has one. */
  async taxClassId(q: Queryable, dispensaryId: string, code: string): Promise<number | undefined> {
    const row = await q.first(
      this.db.builder
        .selectFrom('tax_classes')
        .select('id')
        .where('dispensary_id', '=', dispensaryId)
        .where('code', '=', code),
    );
    return row?.id;
  }

  async insert(tx: Queryable, row: NewProductRow): Promise<void> {
    const k = this.db.builder;
    await this.skuKept(row.product.sku, () =>
      tx.run(
        k.insertInto('products').values({
          id: row.productId,
          dispensary_id: row.dispensaryId,
          ...row.product,
          active: 1,
          created_at: row.at,
          updated_at: row.at,
        }),
      ),
    );
    await tx.run(
      k.insertInto('packages').values({
        id: row.packageId,
        product_id: row.productId,
        location_id: row.locationId,
        unit_id: row.unitId,
        ...row.pkg,
        on_hand_milli: 0,
      }),
    );
  }

  /**
   * Writes the changed columns of a product and of its package; the product's `updated_at` moves
   * either way. Its price and discount are every package's of the product at that location (one
   * price, whichever package a line takes); the tag and cost are the package's own.
   */
  async update(
    tx: Queryable,
    ids: { productId: string; packageId: string },
    product: ProductColumns,
    pkg: PackageColumns,
    at: string,
  ): Promise<void> {
    const k = this.db.builder;
    await this.skuKept(product.sku, () =>
      tx.run(
        k
          .updateTable('products')
          .set({ ...product, updated_at: at })
          .where('id', '=', ids.productId),
      ),
    );
    const { price_cents, discount_ppm, discount_description, ...own } = pkg;
    const pricing = { price_cents, discount_ppm, discount_description };
    if (Object.values(pricing).some((value) => value !== undefined)) {
      const location = k.selectFrom('packages').select('location_id').where('id', '=', ids.packageId);
      await tx.run(
        k
          .updateTable('packages')
          .set(pricing)
          .where('product_id', '=', ids.productId)
          .where('location_id', '=', location),
      );
    }
    if (Object.keys(own).length > 0) {
      await tx.run(k.updateTable('packages').set(own).where('id', '=', ids.packageId));
    }
  }

  /** Archives (0) or brings back (1) a product, when it is not so already: false when it was. */
  async setActive(tx: Queryable, productId: string, active: 0 | 1, at: string): Promise<boolean> {
    const changed = await tx.run(
      this.db.builder
        .updateTable('products')
        .set({ active, updated_at: at })
        .where('id', '=', productId)
        .where('active', '=', active === 1 ? 0 : 1),
    );
    return changed === 1;
  }

  /**
   * Runs a write of a product's SKU: the store's SKUs are unique by constraint, so one another
   * writer (an import) took after the check (product-admin.ts) is refused the same way, never a 500.
   */
  private async skuKept<T>(sku: string | null | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!this.db.dialect.isUniqueViolation(error, ['dispensary_id', 'sku'])) throw error;
      throw new ServicePayError('CONFLICT', `sku ${sku} is used by another product of the store`, { field: 'sku' });
    }
  }
}
