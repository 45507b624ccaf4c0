import { priceBreaksInWords } from '../../../shared/catalog/price-breaks.js';
import { categoryLabel } from '../../../shared/labels.js';
import { formatMoney } from '../../../shared/money.js';
import type { ProductDraft } from './product-draft.js';

/** The most of a change the audit trail keeps in its sentence. */
const MAX_WORDS = 500;

/** Each field of a product as people name it in the audit trail (the product form's words). */
const FIELD_NAMES: Readonly<Record<keyof ProductDraft, string>> = {
  sku: 'SKU',
  name: 'Name',
  brand: 'Brand',
  type: 'Category',
  subtype: 'Strain type or form',
  size: 'Size on the label',
  weight: 'Weight of one',
  unitType: 'Unit',
  deli: 'Sold by the gram',
  priceCents: 'Price',
  unitCostCents: 'Cost',
  priceBreaks: 'Price breaks',
  taxClass: 'Tax class',
  cannabisWeightMg: 'Cannabis weight',
  thcMg: 'THC',
  cbdMg: 'CBD',
  barcodes: 'Barcodes',
  packageLabel: 'Package tag',
  discountPercent: 'Promotion',
  discountDescription: 'Promotion on the receipt',
  lowStockThreshold: 'Low-stock threshold',
  tags: 'Tags',
};

const grams = (mg: number | null): string => (mg === null ? 'none' : `${Number((mg / 1000).toFixed(3))} g`);
const milligrams = (mg: number | null): string => (mg === null ? 'none' : `${mg} mg`);

/** A field's value in words: money in dollars, a category by its name, weights with their unit. */
const shown = (field: keyof ProductDraft, draft: ProductDraft): string => {
  const value = draft[field];
  if (field === 'priceCents') return formatMoney(draft.priceCents);
  if (field === 'unitCostCents') return draft.unitCostCents === null ? 'none' : formatMoney(draft.unitCostCents);
  if (field === 'priceBreaks') return priceBreaksInWords(draft.priceBreaks, formatMoney);
  if (field === 'type') return categoryLabel(draft.type);
  if (field === 'deli') return draft.deli ? 'yes' : 'no';
  if (field === 'cannabisWeightMg') return grams(draft.cannabisWeightMg);
  if (field === 'thcMg') return milligrams(draft.thcMg);
  if (field === 'cbdMg') return milligrams(draft.cbdMg);
  if (field === 'discountPercent') return draft.discountPercent === 0 ? 'none' : `${draft.discountPercent} % off`;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'none';
  if (value === null || value === '') return 'none';
  return String(value);
};

/** The fields that differ between two drafts of a product. */
export function changedFields(before: ProductDraft, after: ProductDraft): (keyof ProductDraft)[] {
  return (Object.keys(after) as (keyof ProductDraft)[]).filter(
    (field) => field in before && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

/** "Blue Dream 3.5g (BD-35): Price $30.00 → $32.00; Low-stock threshold none → 5", for the audit trail. */
export function changeInWords(
  before: ProductDraft,
  after: ProductDraft,
  fields: readonly (keyof ProductDraft)[],
): string {
  const parts = fields.map((field) => `${FIELD_NAMES[field]} ${shown(field, before)} → ${shown(field, after)}`);
  return clip(`${after.name} (${after.sku}): ${parts.join('; ')}`);
}

/** "Blue Dream 3.5g (BD-35)": a product as the audit trail names it. */
export function productInWords(draft: Pick<ProductDraft, 'name' | 'sku'>): string {
  return clip(`${draft.name} (${draft.sku})`);
}

function clip(words: string): string {
  return words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS - 1)}…` : words;
}
