import { ServicePayError, type FailureChoice } from '../../../shared/errors.js';
import { roomInWords, scopeInWords } from '../../../shared/inventory/count-scope.js';
import { productWithSku } from '../../../shared/labels.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { arrivalInWords, arrivalsOf, type Arrival } from './package-arrivals.js';
import type { AdjustedPackage, AdjustmentsRepository } from './adjustments-repository.js';
import { countName, scopeOf } from './count-words.js';
import type { CountRow, CountsRepository, LineRow } from './counts-repository.js';
import { ownPackage } from './store-stock.js';

const WHAT_TO_TYPE = "scan or type a package's state tag, or, for a package without one, its product's SKU or barcode";

const toPackage = (line: LineRow): AdjustedPackage => ({
  packageId: line.packageId,
  label: line.packageLabel,
  productId: line.productId,
  productName: line.productName,
  sku: line.sku,
  unitType: line.unitType,
  deli: Number(line.deli) === 1,
});

/**
 * "Smell-Proof Stash Jar (ACC-005) in the Vault, received on Nov 30, 2026, 10:00 AM MST": one of
 * several untagged packages a code names, as a counter holding one tells it apart (where it is, when
 * its stock came in). Never what it holds: the count would then find what it was told.
 */
function choiceWords(line: LineRow, arrival: Arrival | undefined, timeZone: string): string {
  const where = line.roomName === null ? 'on the sales floor' : `in ${roomInWords(line.roomName)}`;
  const when = arrival ? `, ${arrivalInWords(arrival, timeZone)}` : '';
  return `${productWithSku(line.productName, line.sku)} ${where}${when}`;
}

/** Choices whose words are the same, numbered: "… in the Vault (1 of 2 alike)". */
function apart(choices: readonly FailureChoice[]): FailureChoice[] {
  return choices.map((choice, at) => {
    const alike = choices.filter((other) => other.words === choice.words).length;
    if (alike === 1) return choice;
    const nth = choices.slice(0, at + 1).filter((other) => other.words === choice.words).length;
    return { ...choice, words: `${choice.words} (${nth} of ${alike} alike)` };
  });
}

/**
 * The package a count's entry names (README "Inventory counts"): its id or state tag, as a scanner
 * sends it; or, for a package without a tag (accessories, a product added by hand), its product's
 * SKU or barcode, when the count lists exactly one untagged package of that product (several are
 * refused naming each in words, their ids in the refusal's details to enter the one picked). A tag
 * is tried first: a product made by receiving takes its first package's tag as its SKU.
 */
export class CountPackages {
  constructor(
    private readonly access: StoreAccess,
    private readonly adjustments: AdjustmentsRepository,
    private readonly counts: CountsRepository,
  ) {}

  async find(tx: Queryable, store: Dispensary, count: CountRow, ref: string): Promise<AdjustedPackage> {
    const code = ref.trim();
    const found = await this.adjustments.findPackage(tx, code);
    const mine = found.find((pkg) => pkg.dispensaryId === store.id);
    if (mine) return mine;
    const products = code === '' ? [] : await this.counts.productsCoded(tx, store.id, code);
    if (products.length === 0) {
      const unknown = `no package of ${store.name} has the id or state tag ${code}, and no product of it has ${code} as its SKU or barcode: ${WHAT_TO_TYPE}`;
      return ownPackage(this.access, tx, store, code, found, 'count', unknown);
    }
    const scope = scopeOf(count);
    const untaggedOf = products.map((product) => product.id);
    const lines = await this.counts.lines(tx, { id: count.id, dispensaryId: store.id, scope }, { untaggedOf });
    if (lines.length === 1) return toPackage(lines[0]!);
    if (lines.length === 0) {
      const named = products.map((product) => productWithSku(product.name, product.sku)).join(' or ');
      throw new ServicePayError(
        'NOT_FOUND',
        `no package of ${named} without a state tag is in ${countName(count)}, which counts ${scopeInWords(scope)}: ` +
          "scan or type its package's state tag",
      );
    }
    const choices = await this.choices(tx, store, lines);
    throw new ServicePayError(
      'CONFLICT',
      `${code} names ${lines.length} packages without a state tag in ${countName(count)}: ` +
        `${choices.map((choice) => choice.words).join('; ')}. Pick the one you counted: the Counts screen ` +
        "of the back office offers them, and this refusal's details give each one's package id to enter it by",
      { details: { choices } },
    );
  }

  /** The untagged packages a code names, the first to have had stock first, each in words and by its id. */
  private async choices(tx: Queryable, store: Dispensary, lines: readonly LineRow[]): Promise<FailureChoice[]> {
    const arrivals = await arrivalsOf(
      this.access.db.builder,
      tx,
      lines.map((line) => line.packageId),
    );
    const since = (line: LineRow) => arrivals.get(line.packageId)?.at ?? '~';
    const sorted = [...lines].sort(
      (a, b) => since(a).localeCompare(since(b)) || (a.roomName ?? '').localeCompare(b.roomName ?? ''),
    );
    return apart(
      sorted.map((line) => ({
        id: line.packageId,
        words: choiceWords(line, arrivals.get(line.packageId), store.timezone),
      })),
    );
  }
}
