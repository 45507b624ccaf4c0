import {
  LABEL_KINDS,
  MAX_LABEL_COPIES,
  type ProductLabelRequest,
  type ProductLabelResult,
} from '../../../shared/contracts/product-labels.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { storedLab } from '../../../shared/inventory/package-details.js';
import { copiesOf, packageLabel, shelfLabel, type LabelledPackage } from '../../../shared/receipt/product-labels.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { PrintService } from '../printing/print-service.js';
import type { ProductAdmin } from './product-admin.js';
import { productWithSku } from '../../../shared/labels.js';

/** "Blue Dream (FLW-001)", or the name alone for a product with no SKU. */
const named = (product: Pick<ProductView, 'name' | 'sku'>) => productWithSku(product.name, product.sku);

/** A package of a store as its label reads it: its tag, product, stock and lab results. */
export interface StockedPackage {
  packageId: string;
  label: string;
  productId: string;
  productName: string;
  sku: string | null;
  onHandMilli: number | string;
  /** Its lab results as stored (JSON), whose THC and CBD its label states; null when none are known. */
  labResults: string | null;
}

/**
 * The package `ref` (its id or state tag) names at `store`, refused in words when no package of the
 * store has it or it is another store's (the inventory feature's, wired by store set-up).
 */
export type StorePackageLookup = (store: Dispensary, ref: string) => Promise<StockedPackage>;

/** A whole number of copies from 1 to 50 (1 when left out), refused in words otherwise. */
export function checkedCopies(copies: number | undefined): number {
  const count = copies ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_LABEL_COPIES) {
    throw invalidInput('copies', `must be a whole number from 1 to ${MAX_LABEL_COPIES}, not ${String(count)}`);
  }
  return count;
}

/** The store as a package label names it. */
export const labelStoreOf = (store: Dispensary) => ({
  name: store.name,
  licenceNumber: store.licenceNumber,
  timeZone: store.timezone,
});

/** Checks what was asked before anything is read: the kind, a package for a package label only, and the copies. */
function checked(request: ProductLabelRequest): { kind: ProductLabelRequest['kind']; copies: number } {
  if (!(LABEL_KINDS as readonly string[]).includes(request.kind)) {
    throw invalidInput('kind', `must be shelf or package, not "${String(request.kind)}"`);
  }
  if (request.package !== undefined && request.kind !== 'package') {
    throw invalidInput('package', 'is for a package label: a shelf label is the product’s, whatever its packages');
  }
  return { kind: request.kind, copies: checkedCopies(request.copies) };
}

/**
 * A product's shelf and package labels on one of the store's register printers (README "Labels"),
 * for the back office's Products tab and `servicepay products label`: laid out by
 * shared/receipt/product-labels.ts, printed by the printing feature as bag labels are. An archived
 * product has no labels, nor has a package label a product without a tagged package in stock.
 */
export class ProductLabels {
  constructor(
    private readonly access: StoreAccess,
    private readonly products: Pick<ProductAdmin, 'get'>,
    private readonly printing: Pick<PrintService, 'storePrinter' | 'printDocuments'>,
    /** Finds a package asked for by its tag or id (`package`): the inventory feature's. */
    private readonly packages: StorePackageLookup,
  ) {}

  async print(
    actor: SetupActor,
    shortName: string,
    productId: string,
    request: ProductLabelRequest,
  ): Promise<ProductLabelResult> {
    const { kind, copies } = checked(request);
    const store = await this.access.store(actor, shortName);
    const product = await this.products.get(actor, shortName, productId);
    if (product.archived) {
      throw new ServicePayError(
        'CONFLICT',
        `product ${named(product)} is archived: bring it back before printing its labels`,
      );
    }
    const pkg = kind === 'package' ? await this.stockOf(store, product, request.package) : undefined;
    const label = pkg ? packageLabel(product, pkg, labelStoreOf(store), this.access.now()) : shelfLabel(product);
    const printer = await this.printing.storePrinter(store, request.printer);
    const result = await this.printing.printDocuments(printer, copiesOf(label, copies));
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: result.printed,
      ...(result.problem === undefined ? {} : { problem: result.problem }),
      printer: printer.terminalId,
      productName: product.name,
      kind,
      ...(pkg ? { packageLabel: pkg.tag } : {}),
      copies,
    };
  }

  /**
   * The package a package label is of: the one asked for (`ref`, its tag or id), which must be the
   * product's, else the product's package its next sale takes; it needs a state tag and stock on hand.
   * The label states that one package's quantity (never the product's whole stock, which may lie in
   * several packages) and its lab results: its own THC and CBD where they say.
   */
  private async stockOf(store: Dispensary, product: ProductView, ref: string | undefined): Promise<LabelledPackage> {
    let tag = product.packageLabel;
    let asked: StockedPackage | undefined;
    if (ref !== undefined) {
      const pkg = await this.packages(store, ref.trim());
      if (pkg.productId !== product.productId) {
        const owner = named({ name: pkg.productName, sku: pkg.sku });
        throw invalidInput('package', `${ref.trim()} is a package of ${owner}, not of ${named(product)}`);
      }
      tag = pkg.label;
      asked = pkg;
    }
    if (tag === '') {
      const which = ref === undefined ? 'no package with a state tag' : `no state tag on package ${ref.trim()}`;
      throw new ServicePayError(
        'CONFLICT',
        `product ${named(product)} has ${which} to label: set its package tag first`,
      );
    }
    const labelled = asked ?? (await this.packages(store, product.packageId));
    const quantityMilli = Number(labelled.onHandMilli);
    if (quantityMilli <= 0) {
      throw new ServicePayError(
        'CONFLICT',
        `product ${named(product)} has no stock in package ${tag}: a package label is for stock on hand`,
      );
    }
    return { tag, quantityMilli, lab: storedLab(labelled.labResults) };
  }
}
