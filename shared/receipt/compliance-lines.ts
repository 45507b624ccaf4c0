import { formatAmount, limitLine } from '../compliance/limit-lines.js';
import type { StateProfile } from '../compliance/profiles/schema.js';
import { complianceCategory } from '../catalog/limit-measures.js';
import { formatMoney, type Cents } from '../money.js';
import type { MilliQuantity } from '../quantity.js';
import type { TaxLayer } from '../tax-layers.js';
import type { ReceiptLine } from './receipt-document.js';

// What a state's rules add to a sale's receipt: each line's package tag and cannabis content, the
// taxes by layer under the profile's names, and whether the state's warning is due.

/** A discount on a line as its receipt names it: "Wednesday edibles", 360 cents off. */
export interface ReceiptDeal {
  name: string;
  amountCents: Cents;
}

/** One line of a sale as its receipt prints it (the order's line as sold). */
export interface ReceiptItem {
  name: string;
  /** The catalog's product type ("FLOWER", "EDIBLE"…): how its cannabis is described. */
  type: string;
  /** Weighed at the counter: the quantity is grams, and that weight is its cannabis weight. */
  deli: boolean;
  unitType: string;
  /** Thousandths of a unit (milligrams of a deli item), as orders keep it. */
  quantityMilli: MilliQuantity;
  /** The line's amount after its discount. */
  amount: Cents;
  /**
   * Every discount of the line (its product's promotion, its deals, its manual discounts: see
   * shared/deals/line-discounts.ts), positive cents, printed under it; absent or empty: none.
   */
  discounts?: readonly ReceiptDeal[];
  /** The seed-to-sale package tag ("1A4060300002EE1000012345"); empty when the catalog has none. */
  packageLabel: string;
  /** Cannabis weight of one unit in mg, as sold; null when the catalog had none. */
  cannabisWeightMg: number | null;
  /** THC of one unit (of one gram of a deli item) in mg, as sold; null when the catalog had none. */
  thcMg: number | null;
}

/** Infused products whose THC the receipt states beside their weight (edibles, drinks, tinctures). */
const THC_SHOWN = new Set(['EDIBLE', 'BEVERAGE', 'TINCTURE', 'CAPSULE']);
/** What a line's cannabis weight is: the flower itself, or the concentrate in the product. */
const FLOWER = new Set(['FLOWER', 'PREROLL']);

/** Whether a line is cannabis under `profile` (not one of its non-cannabis categories). */
export function isCannabis(item: Pick<ReceiptItem, 'type'>, profile: StateProfile): boolean {
  const category = complianceCategory(item);
  return category === undefined || !profile.nonCannabisCategories.includes(category);
}

/**
 * The details printed under a line: its package tag always (tags are useful with no profile too);
 * with a profile, the cannabis weight of the whole line ("7 g cannabis", "0.1 g concentrate") and,
 * for edibles, drinks, tinctures and capsules, its THC ("100 mg THC"), where the line has them.
 */
export function itemDetails(item: ReceiptItem, profile: StateProfile | null): ReceiptLine[] {
  const tag: ReceiptLine[] = item.packageLabel ? [{ kind: 'detail', text: `Tag ${item.packageLabel}` }] : [];
  if (!profile || !isCannabis(item, profile)) return tag;
  const weightKnown = item.deli || item.cannabisWeightMg !== null;
  const measured = limitLine(
    { category: item.type, cannabisWeightMg: item.cannabisWeightMg ?? 0, thcMg: item.thcMg ?? 0, deli: item.deli },
    item.quantityMilli,
  );
  const parts = [
    ...(weightKnown && measured.weightMg > 0
      ? [`${formatAmount(measured.weightMg, 'weight_mg')} ${FLOWER.has(item.type) ? 'cannabis' : 'concentrate'}`]
      : []),
    ...(THC_SHOWN.has(item.type) && item.thcMg !== null ? [formatAmount(measured.thcMg, 'thc_mg')] : []),
  ];
  return parts.length > 0 ? [...tag, { kind: 'detail', text: parts.join(' · ') }] : tag;
}

const LAYERS = ['excise', 'state', 'local'] as const;
type LayerKind = (typeof LAYERS)[number];

/**
 * Which of the profile's layers a stored tax layer (named by the store's tax rate) is: its name as
 * the profile spells it, else by its words ("State excise" is excise; "City tax" is local).
 */
function layerKind(name: string, profile: StateProfile): LayerKind | undefined {
  const lower = name.trim().toLowerCase();
  const named = LAYERS.find((kind) => profile.taxLayers[kind].toLowerCase() === lower);
  if (named) return named;
  if (/excise/.test(lower)) return 'excise';
  if (/\b(local|city|county|district|municipal)\b/.test(lower)) return 'local';
  return /\bstate\b/.test(lower) ? 'state' : undefined;
}

/**
 * The tax as printed: one "Tax" row, then with a profile its layers under the profile's names
 * (excise, state, local, then any other by its own name), indented, adding up to the tax. An order
 * with no layers kept, or whose layers do not add up to its tax, prints the tax alone.
 */
export function taxLines(tax: Cents, layers: readonly TaxLayer[] | null, profile: StateProfile | null): ReceiptLine[] {
  const total: ReceiptLine = { kind: 'row', label: 'Tax', amount: formatMoney(tax) };
  const sum = (layers ?? []).reduce((acc, layer) => acc + layer.amount, 0);
  if (!profile || !layers || layers.length === 0 || sum !== tax) return [total];
  const named = new Map<string, Cents>();
  const rank = (name: string) => {
    const index = LAYERS.findIndex((kind) => profile.taxLayers[kind] === name);
    return index === -1 ? LAYERS.length : index;
  };
  for (const layer of layers) {
    const kind = layerKind(layer.name, profile);
    const name = kind ? profile.taxLayers[kind] : layer.name;
    named.set(name, (named.get(name) ?? 0) + layer.amount);
  }
  const rows = [...named]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, amount]): ReceiptLine => ({ kind: 'row', label: `  ${name}`, amount: formatMoney(amount) }));
  return [total, ...rows];
}
