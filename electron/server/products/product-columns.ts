import type { ProductView } from '../../../shared/contracts/products.js';
import { toMilli } from '../../../shared/quantity.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import type { checkedDraft } from './product-draft.js';
import type { PackageColumns, ProductColumns } from './products-repository.js';

/** A draft checked whole (product-draft.ts). */
type Checked = ReturnType<typeof checkedDraft>;

/** The product row's columns of a checked draft, with its tax class resolved in the store. */
export const productColumns = (draft: Checked, taxClassId: number): Required<ProductColumns> => ({
  sku: draft.sku,
  name: draft.name,
  brand: draft.brand,
  type: draft.type,
  subtype: draft.subtype,
  size: draft.size,
  weight: draft.weight,
  unit_type: draft.unitType,
  deli: draft.deli ? 1 : 0,
  tax_class_id: taxClassId,
  cannabis_weight_mg: draft.cannabisWeightMg,
  thc_mg: draft.thcMg,
  cbd_mg: draft.cbdMg,
  barcodes: draft.barcodes.join(BARCODE_SEPARATOR),
  low_stock_milli: draft.lowStockMilli,
  price_breaks: JSON.stringify(draft.priceBreaks),
  tags: JSON.stringify(draft.tags),
});

/** A cost a manager typed: one unit's (migration 068's basis: what 1,000 thousandths cost). */
export const costColumns = (unitCostCents: number | null) => ({
  unit_cost_cents: unitCostCents,
  cost_cents: unitCostCents,
  cost_milli: unitCostCents === null ? null : 1000,
});

/** The columns of its package at the sales floor. */
export const packageColumns = (draft: Checked): Required<PackageColumns> => ({
  price_cents: draft.priceCents,
  ...costColumns(draft.unitCostCents),
  label: draft.packageLabel,
  discount_ppm: draft.discountPpm,
  discount_description: draft.discountDescription,
});

/**
 * The product row's columns of a product as another store has it, with the tax class of the same
 * code resolved in the store it is copied to: taken as stored, not checked again.
 */
export const copiedColumns = (view: ProductView, taxClassId: number): Required<ProductColumns> => ({
  sku: view.sku,
  name: view.name,
  brand: view.brand,
  type: view.type,
  subtype: view.subtype,
  size: view.size,
  weight: view.weight,
  unit_type: view.unitType,
  deli: view.deli ? 1 : 0,
  tax_class_id: taxClassId,
  cannabis_weight_mg: view.cannabisWeightMg,
  thc_mg: view.thcMg,
  cbd_mg: view.cbdMg,
  barcodes: view.barcodes.join(BARCODE_SEPARATOR),
  low_stock_milli: view.lowStockThreshold === null ? null : toMilli(view.lowStockThreshold)!,
  price_breaks: JSON.stringify(view.priceBreaks),
  tags: JSON.stringify(view.tags),
});

/**
 * The copy's package at the sales floor: the price alone. No stock, tag or cost (those are of a
 * package the store receives), and no promotion (each store runs its own).
 */
export const copiedPackageColumns = (view: ProductView): Required<PackageColumns> => ({
  price_cents: view.priceCents,
  ...costColumns(null),
  label: '',
  discount_ppm: 0,
  discount_description: '',
});
