import { randomUUID } from 'node:crypto';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { distinctTags } from '../../../shared/catalog/product-tags.js';
import type { ProductCreate, ProductListQuery, ProductPatch, ProductView } from '../../../shared/contracts/products.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Queryable } from '../db/query.js';
import { decodeCursor, encodeCursor, pageSize, searchTerms } from '../catalog/catalog-query.js';
import { holderInWords } from '../catalog/sku-key.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { changedFields, changeInWords, productInWords } from './product-change-words.js';
import { checkedDraft, newDraft, patchedDraft, type ProductDraft } from './product-draft.js';
import { draftOf, toProductView } from './product-view.js';
import { PackageTagRule } from './package-tag-rule.js';
import { packageColumns, productColumns } from './product-columns.js';
import { ProductsRepository } from './products-repository.js';

/** Told once a change of the store's products is committed: the live channel's `catalog.changed` (app wiring). */
export type CatalogChanged = (dispensaryId: string, productIds: string[]) => void | Promise<void>;

/**
 * A store's products kept by its managers (README "Products"): list, search and filter, add, edit
 * every field, archive and bring back. The back office's routes and `servicepay products` call it;
 * each change is checked whole before anything is written, moves the store's replica version (its
 * attached registers refresh within a second or two), is written to the audit trail in the same
 * transaction, and is announced to the POS screens once committed. An order keeps the prices it
 * was created with: its lines are copies, never read back from the product.
 */
export class ProductAdmin {
  private readonly products: ProductsRepository;
  private readonly packageTags: PackageTagRule;

  constructor(
    private readonly access: StoreAccess,
    private readonly changed: CatalogChanged = () => undefined,
  ) {
    this.products = new ProductsRepository(access.serverOnlyDb);
    this.packageTags = new PackageTagRule(access.serverOnlyDb);
  }

  async list(actor: SetupActor, shortName: string, query: ProductListQuery = {}) {
    const store = await this.access.store(actor, shortName);
    const type = query.type === undefined ? undefined : productTypeFrom(query.type);
    if (query.type !== undefined && !type) throw invalidInput('type', `must be one of ${PRODUCT_TYPES.join(', ')}`);
    const terms = searchTerms(query.search);
    const chosen = {
      dispensaryId: store.id,
      locationId: store.primaryLocationId,
      type,
      brand: query.brand?.trim() || undefined,
      stock: query.stock,
      archived: query.archived === true,
    };
    // A cursor pages the list of the store and filters it was issued for, and no other.
    const list = { name: 'products', filter: { ...chosen, terms: terms.join(' ') } };
    const { rows, more } = await this.products.page(this.access.db, {
      ...chosen,
      terms,
      after: query.cursor ? decodeCursor(list, query.cursor) : undefined,
      limit: pageSize(query.limit),
    });
    const last = more ? rows[rows.length - 1] : undefined;
    return {
      products: rows.map(toProductView),
      nextCursor: last ? encodeCursor(list, { name: last.sortName, id: last.productId }) : null,
    };
  }

  async get(actor: SetupActor, shortName: string, productId: string): Promise<ProductView> {
    const store = await this.access.store(actor, shortName);
    return this.found(this.access.db, store, productId);
  }

  /** Every tag the store's products have, once each in any case, by name: what a form offers. */
  async tags(actor: SetupActor, shortName: string): Promise<string[]> {
    const store = await this.access.store(actor, shortName);
    return distinctTags(await this.products.tagLists(this.access.db, store.id));
  }

  async create(actor: SetupActor, shortName: string, input: ProductCreate): Promise<ProductView> {
    const draft = checkedDraft(newDraft(input));
    const at = this.access.now();
    const created = this.access.storeWrite(actor, shortName, async (tx, store) => ({
      store,
      view: await this.add(tx, actor, store, at, draft),
    }));
    return this.announced(created);
  }

  /**
   * Writes a new product in the caller's transaction, checked whole (the draft, then the store's
   * rules) and audited ("Product added"); the caller announces it once committed. Receiving creates
   * a delivery's new products through it.
   */
  async add(
    tx: Queryable,
    actor: SetupActor,
    store: Dispensary,
    at: Date,
    input: ProductCreate | ReturnType<typeof checkedDraft>,
  ): Promise<ProductView> {
    const draft = 'lowStockMilli' in input ? input : checkedDraft(newDraft(input));
    const ids = { productId: randomUUID(), packageId: randomUUID(), unitId: randomUUID() };
    // The organization's row before the store's, as receiving takes them (it adds products too).
    await this.packageTags.check(tx, store, draft.packageLabel, null);
    const taxClassId = await this.storeRules(tx, store, draft, null);
    await this.products.insert(tx, {
      ...ids,
      dispensaryId: store.id,
      locationId: store.primaryLocationId,
      product: productColumns(draft, taxClassId),
      pkg: packageColumns(draft),
      at: at.toISOString(),
    });
    await this.access.audited(tx, 'product_added', actor, store, at, productInWords(draft));
    return this.found(tx, store, ids.productId);
  }

  async edit(actor: SetupActor, shortName: string, productId: string, patch: ProductPatch): Promise<ProductView> {
    const at = this.access.now();
    const edited = this.access.storeWrite(actor, shortName, async (tx, store) => {
      const current = await this.found(tx, store, productId);
      const before = draftOf(current);
      const after = checkedDraft(patchedDraft(before, patch));
      const fields = changedFields(before, after);
      if (fields.length === 0) return { store: null, view: current };
      // A tag kept as it was is not checked again: a product's other fields stay editable.
      if (after.packageLabel !== before.packageLabel) {
        await this.packageTags.check(tx, store, after.packageLabel, current.packageId);
      }
      const taxClassId = await this.storeRules(tx, store, after, { id: current.productId, sku: before.sku });
      const ids = { productId: current.productId, packageId: current.packageId };
      // A cost left as it was keeps the package's exact one (a received package's, migration 068).
      const { unit_cost_cents, cost_cents, cost_milli, ...kept } = packageColumns(after);
      const pkg =
        after.unitCostCents === before.unitCostCents ? kept : { ...kept, unit_cost_cents, cost_cents, cost_milli };
      await this.products.update(tx, ids, productColumns(after, taxClassId), pkg, at.toISOString());
      await this.access.audited(tx, 'product_changed', actor, store, at, changeInWords(before, after, fields));
      return { store, view: await this.found(tx, store, current.productId) };
    });
    return this.announced(edited);
  }

  /** Takes a product out of the POS catalog and its sales; its orders keep it. Refused when it is archived already. */
  archive(actor: SetupActor, shortName: string, productId: string): Promise<ProductView> {
    return this.setArchived(actor, shortName, productId, true);
  }

  /** Brings an archived product back to the catalog. Refused when it is not archived. */
  unarchive(actor: SetupActor, shortName: string, productId: string): Promise<ProductView> {
    return this.setArchived(actor, shortName, productId, false);
  }

  private async setArchived(actor: SetupActor, shortName: string, productId: string, archived: boolean) {
    const at = this.access.now();
    const view = this.access.storeWrite(actor, shortName, async (tx, store) => {
      const current = await this.found(tx, store, productId);
      const named = productInWords(draftOf(current));
      if (!(await this.products.setActive(tx, current.productId, archived ? 0 : 1, at.toISOString()))) {
        const already = archived ? 'is archived already' : 'is not archived: it is in the catalog';
        throw new ServicePayError('CONFLICT', `product ${named} ${already}`);
      }
      await this.access.audited(tx, archived ? 'product_archived' : 'product_unarchived', actor, store, at, named);
      return { store, view: await this.found(tx, store, current.productId) };
    });
    return this.announced(view);
  }

  /**
   * What the store decides of a product: its SKU used by no other in any case, its barcodes by no
   * other, a tax class it has. `self`: the product changed, whose SKU is checked only when it changes
   * (two SKUs stored in different cases before, migration 59, keep their products editable).
   */
  private async storeRules(
    tx: Queryable,
    store: Dispensary,
    draft: ProductDraft,
    self: { id: string; sku: string } | null,
  ) {
    await this.products.lockStore(tx, store.id);
    const sku = draft.sku === self?.sku ? undefined : await this.products.withSku(tx, store.id, draft.sku, self?.id);
    if (sku) {
      throw new ServicePayError(
        'CONFLICT',
        `sku ${draft.sku} is used by another product of ${store.name}: ${holderInWords(draft.sku, sku)}`,
        { field: 'sku' },
      );
    }
    const [taken] = await this.products.withBarcodes(tx, store.id, draft.barcodes, self?.id ?? null);
    if (taken) {
      throw new ServicePayError(
        'CONFLICT',
        `barcode ${taken.code} is used by another product of ${store.name}: ${taken.name}`,
        {
          field: 'barcodes',
        },
      );
    }
    const taxClassId = await this.products.taxClassId(tx, store.id, draft.taxClass);
    if (taxClassId === undefined) {
      throw invalidInput('taxClass', `is not a tax class of ${store.name}: "${draft.taxClass}"`);
    }
    return taxClassId;
  }

  private async found(q: Queryable, store: Dispensary, productId: string): Promise<ProductView> {
    const row = await this.products.get(q, store.id, store.primaryLocationId, productId);
    if (!row) throw new ServicePayError('NOT_FOUND', `no product has the id or SKU ${productId} at ${store.name}`);
    return toProductView(row);
  }

  /** The view of a committed change, once the POS screens are told (nothing changed: nothing told). */
  private async announced(change: Promise<{ store: Dispensary | null; view: ProductView }>): Promise<ProductView> {
    const { store, view } = await change;
    if (store) await this.changed(store.id, [view.productId]);
    return view;
  }
}
