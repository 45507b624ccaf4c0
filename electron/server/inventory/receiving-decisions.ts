import { REFUSED_REASON_MAX, type ReceiptDecision } from '../../../shared/contracts/receiving.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { unitMismatch, type ManifestDraft, type ManifestPackage } from '../../../shared/inventory/manifest.js';
import { productWithSku } from '../../../shared/labels.js';
import { toMilli } from '../../../shared/quantity.js';
import { storeStamp } from '../../../shared/store-time.js';
import { tagKey, type TagHolder } from '../catalog/import/package-tags.js';
import { matchSku, twinsInWords } from '../catalog/sku-key.js';
import type { ReceivableProduct } from './receiving-repository.js';

/** One package of the manifest as it will be written: received as a product, or refused. */
export type PlannedLine =
  | { pkg: ManifestPackage; product: ReceivableProduct; receivedMilli: number }
  | { pkg: ManifestPackage; refused: string };

/**
 * The product a decision names (id, or SKU in any case), refused in words when the store has none
 * or it cannot take the package.
 */
function productFor(
  pkg: ManifestPackage,
  ref: string,
  products: readonly ReceivableProduct[],
  field: string,
): ReceivableProduct {
  const byId = products.find((p) => p.productId === ref);
  const bySku = byId ? undefined : matchSku(products, ref);
  if (bySku?.twins.length) throw invalidInput(field, `names no one product: sku ${ref} ${twinsInWords(bySku.twins)}`);
  const product = byId ?? bySku?.found;
  if (!product) throw invalidInput(field, `names no product of this store: "${ref}" (give its id or SKU)`);
  const name = productWithSku(product.name, product.sku);
  if (!product.active) throw invalidInput(field, `${name} is archived: bring it back first, or choose another product`);
  if (pkg.unit === 'milliliters') {
    throw invalidInput(
      field,
      `package ${pkg.label} is counted in millilitres: products here sell by the unit or the gram`,
    );
  }
  const mismatch = unitMismatch(pkg.unit, product.deli, `package ${pkg.label}`);
  if (mismatch !== null) throw invalidInput(field, `${name} ${mismatch}`);
  return product;
}

/**
 * What arrived of a package: all of it, unless the decision says less (a shortage). Refused in
 * words below zero, at 0 (refuse the package instead), past what was shipped, or in part of a unit.
 */
function receivedOf(pkg: ManifestPackage, decision: ReceiptDecision, field: string): number {
  if (decision.received === undefined) return pkg.quantityMilli;
  // The HTTP API's schema refuses it first; the CLI and every other caller of the service come here.
  if (decision.received < 0) {
    throw invalidInput(
      field,
      `is below zero (${decision.received}): say what arrived of package ${pkg.label}, at most ` +
        `${pkg.quantityMilli / 1000}, or refuse it with a reason`,
    );
  }
  if (decision.received > pkg.quantityMilli / 1000) {
    throw invalidInput(field, `is more than was shipped (${pkg.quantityMilli / 1000}) for package ${pkg.label}`);
  }
  const milli = toMilli(decision.received);
  if (milli === undefined) throw invalidInput(field, 'must have at most 3 decimals');
  if (milli === 0) throw invalidInput(field, `is 0: refuse package ${pkg.label} instead, with a reason`);
  if (pkg.unit === 'each' && milli % 1000 !== 0) throw invalidInput(field, 'must be a whole number of units');
  return milli;
}

/**
 * Why a package is refused, as it is kept: words, trimmed, refused when blank (the HTTP API's
 * schema refuses only an empty one) or longer than the schema takes.
 */
function refusedReason(pkg: ManifestPackage, reason: string, field: string): string {
  const words = reason.trim();
  if (words === '') throw invalidInput(field, `must say why package ${pkg.label} is refused`);
  if (words.length > REFUSED_REASON_MAX) {
    throw invalidInput(field, `must be at most ${REFUSED_REASON_MAX} characters (it has ${words.length})`);
  }
  return words;
}

/** The decisions sent, by the package tag each decides, with its place in the request. */
export type Decided = ReadonlyMap<string, { decision: ReceiptDecision; index: number }>;

/** The decisions by tag, each deciding a package of the manifest once (refused in words naming the decision's label). */
export function decidedPackages(manifest: ManifestDraft, decisions: readonly ReceiptDecision[]): Decided {
  const byLabel = new Map<string, { decision: ReceiptDecision; index: number }>();
  decisions.forEach((decision, index) => {
    const label = tagKey(decision.label);
    if (byLabel.has(label)) throw invalidInput(`packages[${index}].label`, `decides package ${label} a second time`);
    if (!manifest.packages.some((pkg) => pkg.label === label)) {
      throw invalidInput(
        `packages[${index}].label`,
        `is not a package of manifest ${manifest.manifestNumber}: ${label}`,
      );
    }
    byLabel.set(label, { decision, index });
  });
  return byLabel;
}

/** Runs one check of a decision, keeping its refusal (a field's rule broken) to say with the others. */
function kept<T>(problems: ServicePayError[], check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ServicePayError) || error.code !== 'INVALID_INPUT') throw error;
    problems.push(error);
    return undefined;
  }
}

/** What is done with one package, or undefined with its problems kept: its product and what arrived are checked apart. */
function planLine(
  pkg: ManifestPackage,
  found: { decision: ReceiptDecision; index: number } | undefined,
  products: readonly ReceivableProduct[],
  newId: string | undefined,
  problems: ServicePayError[],
): PlannedLine | undefined {
  if (!found) {
    problems.push(
      invalidInput(
        'packages',
        `say what is done with package ${pkg.label} (${pkg.itemName}): its product, or refused with a reason`,
      ),
    );
    return undefined;
  }
  const { decision, index } = found;
  const at = `packages[${index}]`;
  if (decision.refused !== undefined) {
    if (decision.productId !== undefined || decision.received !== undefined || decision.create !== undefined) {
      problems.push(
        invalidInput(
          `${at}.refused`,
          `package ${pkg.label} is refused: it takes no product, new product or received quantity`,
        ),
      );
      return undefined;
    }
    const refused = kept(problems, () => refusedReason(pkg, decision.refused!, `${at}.refused`));
    return refused === undefined ? undefined : { pkg, refused };
  }
  const product = kept(problems, () => {
    if (decision.productId === undefined && newId === undefined) {
      throw invalidInput(
        `${at}.productId`,
        `is needed for package ${pkg.label}: the product it is (or a new one, create), or refuse it`,
      );
    }
    const field = newId === undefined ? `${at}.productId` : `${at}.create`;
    return productFor(pkg, newId ?? decision.productId!, products, field);
  });
  const receivedMilli = kept(problems, () => receivedOf(pkg, decision, `${at}.received`));
  return product === undefined || receivedMilli === undefined ? undefined : { pkg, product, receivedMilli };
}

/**
 * Every package of the manifest with what is done with it, checked whole before anything is
 * written: one decision per package (its product, one created with the delivery — `created`, by
 * tag — or refused with a reason). Refused with every problem of every package at once: the
 * sentence is the first's, and where there are several `details.problems` lists them all, each
 * naming its decision's field.
 */
export function planReceipt(
  manifest: ManifestDraft,
  byLabel: Decided,
  products: readonly ReceivableProduct[],
  created: ReadonlyMap<string, string> = new Map(),
): PlannedLine[] {
  const problems: ServicePayError[] = [];
  const plan = manifest.packages.map((pkg) =>
    planLine(pkg, byLabel.get(pkg.label), products, created.get(pkg.label), problems),
  );
  const [first] = problems;
  if (problems.length === 1) throw first;
  if (first) {
    throw new ServicePayError(first.code, first.message, {
      field: first.field,
      details: { problems: problems.map((problem) => ({ field: problem.field ?? '', message: problem.message })) },
    });
  }
  return plan as PlannedLine[];
}

/** Where and when a manifest was received: the store, the moment, and that store's zone. */
export interface ReceivedAt {
  storeName: string;
  at: string;
  timeZone: string;
}

/** "received at Green Valley on Dec 5, 2026, 2:31 PM PST": the moment in the receiving store's time. */
export const receivedWords = ({ storeName, at, timeZone }: ReceivedAt) =>
  `received at ${storeName} on ${storeStamp(at, timeZone)}`;

/**
 * Refuses a delivery whose manifest or a tag is already the organization's, naming the store (by
 * its name) and the product whose package has the tag. `tagsHeld` is by `tagKey`: a tag held in
 * another case or with spaces around it is the same tag (receiving-repository.ts `tagsHeld`).
 */
export function refuseKnown(
  manifest: ManifestDraft,
  receivedAt: ReceivedAt | undefined,
  tagsHeld: ReadonlyMap<string, Pick<TagHolder, 'productName' | 'sku' | 'storeName'>>,
): void {
  if (receivedAt) {
    throw new ServicePayError(
      'CONFLICT',
      `manifest ${manifest.manifestNumber} was already ${receivedWords(receivedAt)}`,
    );
  }
  const index = manifest.packages.findIndex((pkg) => tagsHeld.has(tagKey(pkg.label)));
  if (index >= 0) {
    const { label } = manifest.packages[index]!;
    const holder = tagsHeld.get(tagKey(label))!;
    const product = productWithSku(holder.productName, holder.sku);
    throw new ServicePayError(
      'CONFLICT',
      `package ${label} is already a package of ${product} at ${holder.storeName}: a state tag is received once`,
      { field: `manifest.packages[${index}].label` },
    );
  }
}
