import { complianceCategory } from '../../../shared/catalog/limit-measures.js';
import { stockLevel } from '../../../shared/catalog/stock-level.js';
import type { PriceBreak, ProductView } from '../../../shared/contracts/products.js';
import { fromMilli } from '../../../shared/quantity.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import type { ProductDraft } from './product-draft.js';
import type { ProductRow } from './product-query.js';

/** A product row as the API and the command line show it. */
export function toProductView(row: ProductRow): ProductView {
  const {
    deli,
    priceBreaks,
    barcodes,
    lowStockMilli,
    onHandMilli,
    availableMilli,
    active,
    discountPpm,
    tags,
    ...rest
  } = row;
  return {
    ...rest,
    weight: Number(rest.weight),
    deli: deli === 1,
    priceBreaks: JSON.parse(priceBreaks) as PriceBreak[],
    limitCategory: complianceCategory(rest) ?? null,
    barcodes: barcodes ? barcodes.split(BARCODE_SEPARATOR) : [],
    lowStockThreshold: lowStockMilli === null ? null : fromMilli(Number(lowStockMilli)),
    quantityOnHand: fromMilli(Number(onHandMilli)),
    quantityAvailable: fromMilli(Number(availableMilli)),
    stock: stockLevel(Number(availableMilli), lowStockMilli === null ? null : Number(lowStockMilli)),
    archived: active === 0,
    discountPercent: Number(discountPpm) / 10_000,
    tags: JSON.parse(tags) as string[],
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
