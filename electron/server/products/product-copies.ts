import { randomUUID } from 'node:crypto';
import type { CopyTarget, ProductCopy } from '../../../shared/contracts/product-copies.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import { moveReplicaVersion } from '../db/replica-version.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { requireOrganizationWide, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from './product-admin.js';
import { productInWords } from './product-change-words.js';
import { copiedColumns, copiedPackageColumns } from './product-columns.js';
import { toProductView } from './product-view.js';
import { ProductsRepository } from './products-repository.js';

/** What an organization-wide login is refused otherwise. */
const WHAT = 'copying a product to other stores';

/**
 * A product copied to other stores of its organization by its organization-wide managers (README
 * "Products"): every field of the product, its tax class by code, and an empty package at each
 * store's sales floor holding its price (stock is received per store). All the stores or none, in
 * one transaction that moves each one's replica version and records "Product copied" in each;
 * each store's POS screens are told once it is committed.
 */
export class ProductCopies {
  private readonly products: ProductsRepository;
  private readonly audit: AuditRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly changed: CatalogChanged = () => undefined,
  ) {
    this.products = new ProductsRepository(access.serverOnlyDb);
    this.audit = new AuditRepository(access.serverOnlyDb);
  }

  /** The organization's other stores by name, each with why it cannot take the product now (null: it can). */
  async targets(actor: SetupActor, shortName: string, productId: string): Promise<CopyTarget[]> {
    const q = this.access.db;
    const { store, product } = await this.source(q, actor, shortName, productId);
    const stores = (await this.access.dispensaries.list(q))
      .filter((other) => other.organizationId === store.organizationId && other.id !== store.id)
      .sort((a, b) => a.name.localeCompare(b.name));
    return Promise.all(
      stores.map(async (target) => ({
        dispensaryShortName: target.shortName,
        dispensaryName: target.name,
        problem: (await this.problems(q, target, product)).join('; ') || null,
      })),
    );
  }

  /** Copies product `productId` of store `shortName` to the stores `to` (short names): all or none. */
  async copy(
    actor: SetupActor,
    shortName: string,
    productId: string,
    to: readonly string[],
  ): Promise<{ product: ProductView; copies: ProductCopy[] }> {
    const at = this.access.now();
    const done = await this.access.serverOnlyDb.write(async (tx) => {
      const { store, product } = await this.source(tx, actor, shortName, productId);
      const targets = await this.targetStores(tx, store, to);
      for (const target of [...targets].sort((a, b) => a.id.localeCompare(b.id))) {
        await this.products.lockStore(tx, target.id);
      }
      const problems: string[] = [];
      for (const target of targets) problems.push(...(await this.problems(tx, target, product)));
      const named = productInWords({ name: product.name, sku: product.sku ?? '' });
      if (problems.length > 0) {
        throw new ServicePayError('CONFLICT', `${named} was copied to no store: ${problems.join('; ')}`, {
          field: 'to',
        });
      }
      const copies: { target: Dispensary; product: ProductView }[] = [];
      for (const target of targets) {
        const ids = { productId: randomUUID(), packageId: randomUUID(), unitId: randomUUID() };
        const taxClassId = (await this.products.taxClassId(tx, target.id, product.taxClass))!;
        await this.products.insert(tx, {
          ...ids,
          dispensaryId: target.id,
          locationId: target.primaryLocationId,
          product: copiedColumns(product, taxClassId),
          pkg: copiedPackageColumns(product),
          at: at.toISOString(),
        });
        await this.audit.record(tx, {
          action: 'product_copied',
          actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
          organizationId: target.organizationId,
          dispensaryId: target.id,
          at,
          reason: `${named} from ${store.name}`,
        });
        await moveReplicaVersion(this.access.serverOnlyDb, tx, target.id);
        const row = await this.products.get(tx, target.id, target.primaryLocationId, ids.productId);
        copies.push({ target, product: toProductView(row!) });
      }
      return { product, copies };
    });
    for (const { target, product } of done.copies) await this.changed(target.id, [product.productId]);
    return {
      product: done.product,
      copies: done.copies.map(({ target, product }) => ({
        dispensaryShortName: target.shortName,
        dispensaryName: target.name,
        product,
      })),
    };
  }

  /** The store and its product, when the actor manages every store of its organization. */
  private async source(q: Queryable, actor: SetupActor, shortName: string, productId: string) {
    const store = await this.access.store(actor, shortName, 'store:manage', q);
    requireOrganizationWide(actor, store.organizationId, WHAT);
    const row = await this.products.get(q, store.id, store.primaryLocationId, productId);
    if (!row) throw new ServicePayError('NOT_FOUND', `no product has the id or SKU ${productId} at ${store.name}`);
    const product = toProductView(row);
    if (!product.sku) {
      throw invalidInput('sku', `is empty: ${product.name} needs a SKU before it is copied (it is how stores know it)`);
    }
    return { store, product };
  }

  /** The stores named in `to`, each once: others of the source's organization. */
  private async targetStores(q: Queryable, source: Dispensary, to: readonly string[]): Promise<Dispensary[]> {
    const targets: Dispensary[] = [];
    for (const shortName of new Set(to.map((name) => name.trim()))) {
      const target = await this.access.dispensaries.findByShortName(shortName, q);
      if (!target) throw new ServicePayError('NOT_FOUND', `no dispensary has the short name ${shortName}`);
      if (target.organizationId !== source.organizationId) {
        throw new ServicePayError(
          'FORBIDDEN',
          `${shortName} is a store of another organization: a product is copied only to the stores of ${source.name}'s organization`,
        );
      }
      if (target.id === source.id) {
        throw invalidInput('to', `names ${shortName}: ${source.name}, the store the product is copied from`);
      }
      targets.push(target);
    }
    return targets;
  }

  /** Why `target` cannot take `product`, in words naming the store: a SKU or barcode of its own, no such tax class. */
  private async problems(q: Queryable, target: Dispensary, product: ProductView): Promise<string[]> {
    const problems: string[] = [];
    const sku = await this.products.withSku(q, target.id, product.sku ?? '');
    if (sku) {
      // The same SKU in another case is that product's too (migration 59): said as it writes it.
      const spelled = sku.sku === product.sku ? '' : `, as ${sku.sku}`;
      problems.push(`${target.name} has a product with the SKU ${product.sku} already (${sku.name}${spelled})`);
    }
    // A barcode of the product that has the SKU already is not said again.
    for (const taken of await this.products.withBarcodes(q, target.id, product.barcodes, sku?.id ?? null)) {
      problems.push(`${target.name} has a product with the barcode ${taken.code} already (${taken.name})`);
    }
    if ((await this.products.taxClassId(q, target.id, product.taxClass)) === undefined) {
      problems.push(`${target.name} has no tax class "${product.taxClass}"`);
    }
    return problems;
  }
}
