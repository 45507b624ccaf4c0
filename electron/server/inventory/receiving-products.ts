import type { ProductCreate, ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptDecision } from '../../../shared/contracts/receiving.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { ManifestDraft, ManifestPackage } from '../../../shared/inventory/manifest.js';
import { newProductFrom } from '../../../shared/inventory/new-product.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { requirePermission, type SetupActor } from '../dispensaries/setup-actor.js';
import type { Decided } from './receiving-decisions.js';

/** Writes a new product in a transaction, as the product API does (ProductAdmin.add). */
export interface ProductAdder {
  add(tx: Queryable, actor: SetupActor, store: Dispensary, at: Date, input: ProductCreate): Promise<ProductView>;
}

const UNIT_WORDS = { each: 'by the unit', grams: 'in grams', milliliters: 'in millilitres' } as const;

/** A product's refusal said of the package's decision: `packages[2].create.priceCents must be… (package 1A4…)`. */
function forPackage(error: unknown, at: string, pkg: ManifestPackage): unknown {
  if (!(error instanceof ServicePayError) || error.field === undefined) return error;
  const field = `${at}.create.${error.field}`;
  const rule = error.message.startsWith(`${error.field} `)
    ? error.message.slice(error.field.length + 1)
    : error.message;
  return new ServicePayError(error.code, `${field} ${rule} (package ${pkg.label}, ${pkg.itemName})`, {
    field,
    cause: error,
  });
}

/** The product API's input for a package's new product: the decision's fields over the package's row. */
function inputFor(pkg: ManifestPackage, create: NonNullable<ReceiptDecision['create']>, at: string): ProductCreate {
  const row = newProductFrom(pkg);
  const deli = create.deli ?? row.deli;
  if (deli !== (pkg.unit === 'grams')) {
    throw invalidInput(
      `${at}.create.deli`,
      `must be ${!deli}: package ${pkg.label} is counted ${UNIT_WORDS[pkg.unit]} (a deli item sells by the gram)`,
    );
  }
  return {
    sku: pkg.label,
    name: row.name,
    type: row.type,
    size: row.size,
    weight: row.weight,
    unitType: row.unitType,
    ...Object.fromEntries(Object.entries(create).filter(([, value]) => value !== undefined)),
    deli,
    priceCents: create.priceCents,
    taxClass: create.taxClass,
  };
}

/**
 * The products a delivery creates (a decision's `create` instead of `productId`), written in its
 * transaction so a refused delivery keeps none, each checked by the product API's own rules and
 * refused in words naming the package's decision. Answers the new product's id by package tag.
 */
export async function createProducts(
  tx: Queryable,
  adder: ProductAdder,
  write: { actor: SetupActor; store: Dispensary; at: Date; manifest: ManifestDraft; decided: Decided },
): Promise<Map<string, string>> {
  const created = new Map<string, string>();
  for (const pkg of write.manifest.packages) {
    const found = write.decided.get(pkg.label);
    const create = found?.decision.create;
    if (!found || !create) continue;
    const at = `packages[${found.index}]`;
    // Adding a product is a manager's (the product API's permission), wherever it is asked.
    requirePermission(write.actor, 'store:manage');
    if (found.decision.refused !== undefined) {
      throw invalidInput(`${at}.create`, `is not for a refused package: package ${pkg.label} is refused`);
    }
    if (found.decision.productId !== undefined) {
      throw invalidInput(`${at}.create`, `and productId both name package ${pkg.label}'s product: give one`);
    }
    if (pkg.unit === 'milliliters') {
      throw invalidInput(
        `${at}.create`,
        `cannot be: package ${pkg.label} is counted in millilitres, and products here sell by the unit or the gram`,
      );
    }
    const input = inputFor(pkg, create, at);
    try {
      const product = await adder.add(tx, write.actor, write.store, write.at, input);
      created.set(pkg.label, product.productId);
    } catch (error) {
      throw forPackage(error, at, pkg);
    }
  }
  return created;
}
