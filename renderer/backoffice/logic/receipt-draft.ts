import type { ManifestPackageView, ReceiptDecision } from '../../../shared/contracts/receiving';
import type { Room } from '../../../shared/contracts/rooms';
import { productWithSku } from '../../../shared/labels';
import { isSureSuggestion } from '../../../shared/inventory/manifest-match';
import { unitMismatch } from '../../../shared/inventory/package-fit';
import { parseDecimal } from '../../../shared/money';
import { quantityText, toMilli } from '../../../shared/quantity';
import { ungroup, ungroupedOr } from '../../../shared/typed-number';

/** A product a package may be received as: suggested by the service, or found by a search. */
export interface ChosenProduct {
  productId: string;
  name: string;
  sku: string | null;
  /** Sold by the gram; null when not known (a suggestion does not say). */
  deli: boolean | null;
}

/** A product to create with the delivery for a package (ProductChooser's New product…), as typed. */
export interface NewProductDraft {
  name: string;
  brand: string;
  type: string;
  /** In dollars, as typed ("12.50"). */
  price: string;
  taxClass: string;
}

/** What is typed for one package of the manifest: its product (or a new one) and what arrived, or refused with a reason. */
export interface PackageDraft {
  label: string;
  productId: string;
  /** A new product instead of `productId`, or null. */
  create: NewProductDraft | null;
  /** Products found by a search and chosen, beside the suggestions (the chooser keeps offering them). */
  found: ChosenProduct[];
  received: string;
  refuse: boolean;
  reason: string;
}

/** A package's field a refusal is about: its product, what arrived, or the reason it is refused. */
export type PackageControl = 'product' | 'received' | 'reason';

/** "40 units" for units, "453.592 g" or "1,360.776 g" for grams. */
export function shippedWords(quantity: number, unit: ManifestPackageView['unit']): string {
  const text = quantityText(quantity);
  if (unit === 'grams') return `${text} g`;
  if (unit === 'milliliters') return `${text} ml`;
  return `${text} ${text === '1' ? 'unit' : 'units'}`;
}

/** How sure a package's suggestion is, in words: "likely" only where the CLI's --match would take it, else "possible". */
export function likelihood(
  suggestion: ManifestPackageView['suggestions'][number],
  suggestions: ManifestPackageView['suggestions'],
): 'likely' | 'possible' {
  return isSureSuggestion(suggestion, suggestions) ? 'likely' : 'possible';
}

/** The suggestions whose product can take the package: only those are ever chosen for it. */
const fitting = (pkg: ManifestPackageView) => pkg.suggestions.filter((s) => s.cannotTake === null);

/**
 * A package's draft as the preview suggests it: its likeliest product that can take it (none when
 * none can), all of it arrived, not refused.
 */
export function draftOf(pkg: ManifestPackageView): PackageDraft {
  return {
    label: pkg.label,
    productId: fitting(pkg)[0]?.productId ?? '',
    create: null,
    found: [],
    received: String(pkg.quantity),
    refuse: false,
    reason: '',
  };
}

/**
 * The products the chooser offers: the suggestions, then those found, each once. A suggestion whose
 * product cannot take the package is offered `disabled`, saying why; of the others, only the one
 * --match would take is "likely".
 */
export function choicesOf(
  pkg: ManifestPackageView,
  draft: PackageDraft,
): (ChosenProduct & { words: string; disabled: boolean })[] {
  const suggested = pkg.suggestions.map((s) => {
    const how = s.cannotTake ? `cannot be chosen, it ${s.cannotTake}` : likelihood(s, pkg.suggestions);
    return {
      productId: s.productId,
      name: s.name,
      sku: s.sku,
      deli: null,
      words: `${productWithSku(s.name, s.sku)}: ${how}`,
      disabled: s.cannotTake !== null,
    };
  });
  const known = new Set(suggested.map((s) => s.productId));
  const found = draft.found
    .filter((p) => !known.has(p.productId))
    .map((p) => ({ ...p, words: productWithSku(p.name, p.sku), disabled: false }));
  return [...suggested, ...found];
}

/** What arrived as a number ("1,200" too), or null while it is not one. */
function receivedOf(draft: PackageDraft): number | null {
  const read = ungroup(draft.received);
  return read.ok && /^\d+(\.\d+)?$/.test(read.text) ? Number(read.text) : null;
}

/**
 * A new product's price as typed ("12.50", "$1,250.00") in cents, or why it is not one, in words:
 * `whose` price it is, said in its form ("its") or on its package's row ("the new product’s").
 */
export function typedPrice(
  text: string,
  whose: 'its' | 'the new product’s' = 'its',
): { cents: number } | { sentence: string } {
  const read = ungroupedOr(text.replace(/^\s*\$/, ''), whose === 'its' ? 'Price' : 'The new product’s price');
  if ('sentence' in read) return read;
  const cents = read.text === '' ? undefined : parseDecimal(read.text);
  if (cents === undefined || cents < 0) return { sentence: `Type ${whose} price in dollars, such as 12.50.` };
  return { cents };
}

/** How much is short ("2 short", "0.5 g short"), or '' when all of it arrived (or nothing sensible is typed). */
export function shortWords(pkg: ManifestPackageView, draft: PackageDraft): string {
  const received = receivedOf(draft);
  if (draft.refuse || received === null || received <= 0 || received >= pkg.quantity) return '';
  const short = quantityText(pkg.quantity - received);
  return pkg.unit === 'grams' ? `${short} g short` : `${short} short`;
}

/** Why one field of a package cannot be sent as typed: its row (counted from 0), the field, and why in words. */
export interface PackageProblem {
  row: number;
  control: PackageControl;
  sentence: string;
}

/** Every package's decision, or every problem found: each said beside its package's field at once. */
export type CheckedReceipt = { ok: true; decisions: ReceiptDecision[] } | { ok: false; problems: PackageProblem[] };

type Problem = Omit<PackageProblem, 'row'>;

/** Why the product chosen (or the new one) cannot take the package, or null when it can. */
function productProblem(
  pkg: ManifestPackageView,
  draft: PackageDraft,
  product: (ChosenProduct & { words: string; disabled: boolean }) | undefined,
): Problem | null {
  if (draft.create) {
    const priced = typedPrice(draft.create.price, 'the new product’s');
    return 'sentence' in priced ? { control: 'product', sentence: priced.sentence } : null;
  }
  // A product that cannot take the package (found again by search, say) is refused as it is offered.
  if (product?.disabled) return { control: 'product', sentence: `${product.words}.` };
  if (!product) return { control: 'product', sentence: 'Choose the product this package is, or refuse it.' };
  const mismatch = product.deli !== null ? unitMismatch(pkg.unit, product.deli) : null;
  if (mismatch === null) return null;
  return { control: 'product', sentence: `${productWithSku(product.name, product.sku)} ${mismatch}.` };
}

/** Why what arrived cannot be received as typed, or null when it can. */
function receivedProblem(pkg: ManifestPackageView, draft: PackageDraft): Problem | null {
  const unit = pkg.unit === 'grams' ? 'grams' : 'units';
  const commas = ungroupedOr(draft.received, 'Received');
  if ('sentence' in commas) return { control: 'received', sentence: commas.sentence };
  const received = receivedOf(draft);
  const milli = received === null ? undefined : toMilli(received);
  if (received === null || milli === undefined) {
    const typed = commas.text;
    // Why it is not a quantity, where that is plain: a minus sign, or thousandths of a gram passed.
    const why = /^-/.test(typed) ? ' (not below 0)' : /^\d+\.\d{4,}$/.test(typed) ? ' (at most 3 decimals)' : '';
    return { control: 'received', sentence: `Type what arrived: a number of ${unit}${why}, such as ${pkg.quantity}.` };
  }
  if (milli === 0)
    return { control: 'received', sentence: 'Nothing arrived? Refuse the package instead, with a reason.' };
  if (received > pkg.quantity) {
    return { control: 'received', sentence: `More than was shipped (${pkg.quantity}) cannot be received.` };
  }
  if (pkg.unit !== 'grams' && !Number.isInteger(received)) {
    return { control: 'received', sentence: 'Type a whole number of units.' };
  }
  return null;
}

/** One package's decision, or every reason not to send it: the service's checks, said where the manager types. */
function decisionOf(
  pkg: ManifestPackageView,
  draft: PackageDraft,
  product: (ChosenProduct & { words: string; disabled: boolean }) | undefined,
): ReceiptDecision | Problem[] {
  if (draft.refuse) {
    const reason = draft.reason.trim();
    if (reason === '') return [{ control: 'reason', sentence: 'Say why the package is refused.' }];
    return { label: pkg.label, refused: reason.slice(0, 200) };
  }
  const problems = [productProblem(pkg, draft, product), receivedProblem(pkg, draft)].filter((p) => p !== null);
  if (problems.length > 0) return problems;
  const received = receivedOf(draft)!;
  const made = draft.create ? newProductOf(draft.create) : undefined;
  return {
    label: pkg.label,
    ...(made ? { create: made } : { productId: product!.productId }),
    ...(received < pkg.quantity ? { received } : {}),
  };
}

/** A new product's decision (`create`); its price is read already (productProblem). */
function newProductOf(typed: NewProductDraft): NonNullable<ReceiptDecision['create']> {
  const priced = typedPrice(typed.price);
  const brand = typed.brand.trim();
  return {
    name: typed.name.trim(),
    type: typed.type,
    priceCents: 'cents' in priced ? priced.cents : 0,
    taxClass: typed.taxClass,
    ...(brand ? { brand } : {}),
  };
}

/**
 * Every package's decision in the manifest's order (so `packages[i]` of a refusal is row i), or
 * every problem of every package, in the same order: each is said beside its field at once.
 */
export function checkReceipt(
  packages: readonly ManifestPackageView[],
  drafts: readonly PackageDraft[],
): CheckedReceipt {
  const decisions: ReceiptDecision[] = [];
  const problems: PackageProblem[] = [];
  for (const [row, pkg] of packages.entries()) {
    const draft = drafts[row]!;
    const product = choicesOf(pkg, draft).find((p) => p.productId === draft.productId);
    const decided = decisionOf(pkg, draft, product);
    if (Array.isArray(decided)) problems.push(...decided.map((problem) => ({ row, ...problem })));
    else decisions.push(decided);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, decisions };
}

/** What pressing Receive will do: "2 packages into Quarantine (1 short), 1 refused". */
export function planWords(
  packages: readonly ManifestPackageView[],
  drafts: readonly PackageDraft[],
  room: string,
): string {
  const refused = drafts.filter((d) => d.refuse).length;
  const received = drafts.length - refused;
  const short = packages.filter((pkg, i) => shortWords(pkg, drafts[i]!) !== '').length;
  const parts = [
    `${received} ${received === 1 ? 'package' : 'packages'} into ${room}${short ? ` (${short} short)` : ''}`,
  ];
  if (refused) parts.push(`${refused} refused`);
  return parts.join(', ');
}

/** The room a delivery goes to unless the manager says otherwise: the quarantine ("Quarantine" first), else the sales floor. */
export function defaultRoom(rooms: readonly Room[]): string {
  const open = rooms.filter((r) => !r.archived);
  const quarantine =
    open.find((r) => r.kind === 'quarantine' && r.name.toLowerCase() === 'quarantine') ??
    open.find((r) => r.kind === 'quarantine');
  return (quarantine ?? open.find((r) => r.kind === 'sales_floor') ?? open[0])?.id ?? '';
}
