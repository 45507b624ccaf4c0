import type { ProductView } from '../../../shared/contracts/products.js';
import {
  MAX_RECEIPT_LABELS,
  type ReceiptLabelPackage,
  type ReceiptLabelRequest,
  type ReceiptLabelResult,
} from '../../../shared/contracts/receipt-labels.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { storedLab } from '../../../shared/inventory/package-details.js';
import { fromMilli } from '../../../shared/quantity.js';
import { copiesOf, packageLabel } from '../../../shared/receipt/product-labels.js';
import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { PrintService } from '../printing/print-service.js';
import { checkedCopies, labelStoreOf } from '../products/product-labels.js';
import { toProductView } from '../products/product-view.js';
import { ProductsRepository } from '../products/products-repository.js';
import { ReceiptLabelsRepository } from './receipt-labels-repository.js';

type Found = Awaited<ReturnType<ReceiptLabelsRepository['packages']>>[number];

/**
 * A delivery's package labels (README "Labels", "Receiving"): one label (× copies) of every package a
 * receipt received, as it is now — its tag, what is on hand, its product's name, its own potency (its
 * lab results', else its product's) — on one of the store's register printers, one print. Those who
 * receive a delivery label it (`inventory:adjust`). A package with no stock left, or whose product is
 * archived, is skipped and said so; the rest print.
 */
export class ReceiptLabels {
  private readonly receipts: ReceiptLabelsRepository;
  private readonly products: ProductsRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly printing: Pick<PrintService, 'storePrinter' | 'printDocuments'>,
  ) {
    this.receipts = new ReceiptLabelsRepository(access.serverOnlyDb);
    this.products = new ProductsRepository(access.serverOnlyDb);
  }

  /** Prints the labels of receipt `ref` (its id, or its manifest number) of the store. */
  async print(
    actor: SetupActor,
    shortName: string,
    ref: string,
    request: ReceiptLabelRequest,
  ): Promise<ReceiptLabelResult> {
    const copies = checkedCopies(request.copies);
    const store = await this.access.store(actor, shortName, 'inventory:adjust');
    const receipt = await this.receiptOf(store, ref.trim());
    const { db } = this.access;
    const found = await this.receipts.packages(db, receipt.id);
    const products = new Map<string, ProductView | undefined>();
    for (const productId of new Set(found.map((pkg) => pkg.productId))) {
      const row = await this.products.get(db, store.id, store.primaryLocationId, productId);
      products.set(productId, row && toProductView(row));
    }
    const planned = found.map((pkg) => ({ pkg, product: products.get(pkg.productId), skipped: skipOf(pkg, products) }));
    const printing = planned.filter((entry) => entry.skipped === null);
    const labels = printing.length * copies;
    if (labels > MAX_RECEIPT_LABELS) {
      throw invalidInput(
        'copies',
        `${copies} of each of ${printing.length} packages is ${labels} labels: at most ${MAX_RECEIPT_LABELS} print at once`,
      );
    }
    const printer = await this.printing.storePrinter(store, request.printer);
    const at = this.access.now();
    const documents: ReceiptDocument[] = printing.flatMap(({ pkg, product }) =>
      copiesOf(
        packageLabel(
          product!,
          { tag: pkg.label, quantityMilli: Number(pkg.onHandMilli), lab: storedLab(pkg.labResults) },
          labelStoreOf(store),
          at,
        ),
        copies,
      ),
    );
    const nothing =
      found.length === 0
        ? `Manifest ${receipt.manifestNumber} received no package: every one was refused`
        : `No package of manifest ${receipt.manifestNumber} has stock left to label`;
    const result =
      documents.length === 0
        ? { printed: false, problem: nothing }
        : await this.printing.printDocuments(printer, documents);
    const packages = planned.map(({ pkg, product, skipped }): ReceiptLabelPackage => ({
      packageId: pkg.packageId,
      label: pkg.label,
      productName: product?.name ?? '',
      quantity: fromMilli(Number(pkg.onHandMilli)),
      result: skipped !== null ? 'skipped' : result.printed ? 'printed' : 'not_printed',
      skipped,
    }));
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: result.printed,
      ...(result.problem === undefined ? {} : { problem: result.problem }),
      printer: printer.terminalId,
      receiptId: receipt.id,
      manifestNumber: receipt.manifestNumber,
      copies,
      labels: documents.length,
      skipped: planned.length - printing.length,
      packages,
    };
  }

  /** The store's receipt `ref` names; refused in words when it is unknown, or another store's of the organization. */
  private async receiptOf(store: Dispensary, ref: string) {
    const found = await this.receipts.receipts(this.access.db, store.organizationId, ref);
    const mine = found.find((receipt) => receipt.dispensaryId === store.id);
    if (mine) return mine;
    const other = found[0];
    if (other) {
      throw new ServicePayError(
        'NOT_FOUND',
        `receipt ${ref} is ${other.storeName}'s, not ${store.name}'s: print its labels at its own store`,
      );
    }
    throw new ServicePayError('NOT_FOUND', `${store.name} has no receipt with the id or manifest number ${ref}`);
  }
}

/** Why a package's label is not printed, in words; null when it is. */
function skipOf(pkg: Found, products: ReadonlyMap<string, ProductView | undefined>): string | null {
  const product = products.get(pkg.productId);
  if (!product) return 'its product is not the store’s';
  if (product.archived) return `its product, ${product.name}, is archived`;
  if (Number(pkg.onHandMilli) <= 0) return 'it has no stock left';
  return null;
}
