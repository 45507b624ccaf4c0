import { priceBreaksInWords } from '../../../shared/catalog/price-breaks.js';
import { formatMoney } from '../../../shared/money.js';
import type { ProductDraft } from './product-draft.js';

/** The most of a change the audit trail keeps in its sentence. */
const MAX_WORDS = 500;

const shown = (field: keyof ProductDraft, draft: ProductDraft): string => {
  const value = draft[field];
  if (field === 'priceCents') return formatMoney(draft.priceCents);
  if (field === 'unitCostCents') return draft.unitCostCents === null ? 'none' : formatMoney(draft.unitCostCents);
  if (field === 'priceBreaks') return priceBreaksInWords(draft.priceBreaks, formatMoney);
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

/** "Blue Dream 3.5g (BD-35): priceCents $30.00 → $32.00; lowStockThreshold none → 5", for the audit trail. */
export function changeInWords(
  before: ProductDraft,
  after: ProductDraft,
  fields: readonly (keyof ProductDraft)[],
): string {
  const parts = fields.map((field) => `${field} ${shown(field, before)} → ${shown(field, after)}`);
  return clip(`${after.name} (${after.sku}): ${parts.join('; ')}`);
}

/** "Blue Dream 3.5g (BD-35)": a product as the audit trail names it. */
export function productInWords(draft: Pick<ProductDraft, 'name' | 'sku'>): string {
  return clip(`${draft.name} (${draft.sku})`);
}

function clip(words: string): string {
  return words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS - 1)}…` : words;
}
