import { complianceCategory } from '../../../shared/catalog/limit-measures.js';
import { stockLevel } from '../../../shared/catalog/stock-level.js';
import type { PriceBreak, ProductView } from '../../../shared/contracts/products.js';
import { fromMilli } from '../../../shared/quantity.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import type { ProductDraft } from './product-draft.js';
import type { ProductRow } from './product-query.js';

/**
 * A product row as the API and the command line show it, field by field in the order it always had
 * (an object rest and spread of the row cost ~14 µs a product, as in catalog-repository.ts).
 */
export function toProductView(row: ProductRow): ProductView {
  const low = row.lowStockMilli === null ? null : Number(row.lowStockMilli);
  const available = Number(row.availableMilli);
  return {
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    type: row.type,
    subtype: row.subtype,
    size: row.size,
    weight: Number(row.weight),
    unitType: row.unitType,
    priceCents: row.priceCents,
    unitCostCents: row.unitCostCents,
    taxClass: row.taxClass,
    cannabisWeightMg: row.cannabisWeightMg,
    thcMg: row.thcMg,
    cbdMg: row.cbdMg,
    packageId: row.packageId,
    packageLabel: row.packageLabel,
    discountDescription: row.discountDescription,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deli: row.deli === 1,
    priceBreaks: JSON.parse(row.priceBreaks) as PriceBreak[],
    limitCategory: complianceCategory(row) ?? null,
    barcodes: row.barcodes ? row.barcodes.split(BARCODE_SEPARATOR) : [],
    lowStockThreshold: low === null ? null : fromMilli(low),
    quantityOnHand: fromMilli(Number(row.onHandMilli)),
    quantityAvailable: fromMilli(available),
    stock: stockLevel(available, low),
    archived: row.active === 0,
    discountPercent: Number(row.discountPpm) / 10_000,
    tags: JSON.parse(row.tags) as string[],
  };
}

/** A product's current fields as a draft a change is applied to. */
export function draftOf(view: ProductView): ProductDraft {
  const { sku, name, brand, type, subtype, size, weight, unitType, deli, priceCents, unitCostCents } = view;
  const { priceBreaks, taxClass } = view;
  const { cannabisWeightMg, thcMg, cbdMg, barcodes, packageLabel, lowStockThreshold } = view;
  const { discountPercent, discountDescription, tags } = view;
  return {
    sku: sku ?? '',
    name,
    brand,
    type,
    subtype,
    size,
    weight,
    unitType,
    deli,
    priceCents,
    unitCostCents,
    priceBreaks,
    taxClass,
    cannabisWeightMg,
    thcMg,
    cbdMg,
    barcodes,
    packageLabel,
    discountPercent,
    discountDescription,
    lowStockThreshold,
    tags,
  };
}
