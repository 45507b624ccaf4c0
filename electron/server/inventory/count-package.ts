import { ServicePayError } from '../../../shared/errors.js';
import { roomInWords, scopeInWords } from '../../../shared/inventory/count-scope.js';
import { productWithSku } from '../../../shared/labels.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { quantityInWords } from './adjustment-words.js';
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

/** "510 Thread Battery (ACC-004) in the Vault, 12 on hand": one of several untagged packages a code names. */
const packageWhere = (line: LineRow): string =>
  `${productWithSku(line.productName, line.sku)} in ${roomInWords(line.roomName ?? 'Sales floor')}, ` +
  `${quantityInWords(Number(line.onHandMilli))}${Number(line.deli) === 1 ? ` ${line.unitType}` : ''} on hand`;

/**
 * The package a count's entry names (README "Inventory counts"): its id or state tag, as a scanner
 * sends it; or, for a package without a tag (accessories, a product added by hand), its product's
 * SKU or barcode, when the count lists exactly one untagged package of that product. A tag is tried
 * first: a product made by receiving takes its first package's tag as its SKU.
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
    throw new ServicePayError(
      'CONFLICT',
      `${code} names ${lines.length} packages without a state tag in ${countName(count)}: ` +
        `${lines.map(packageWhere).join('; ')}. Enter each by its package id, which the count's report gives ` +
        `(servicepay inventory count show ${count.number} --json)`,
    );
  }
}
