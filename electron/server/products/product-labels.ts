import {
  LABEL_KINDS,
  MAX_LABEL_COPIES,
  type ProductLabelRequest,
  type ProductLabelResult,
} from '../../../shared/contracts/product-labels.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { toMilli } from '../../../shared/quantity.js';
import { copiesOf, packageLabel, shelfLabel } from '../../../shared/receipt/product-labels.js';
import type { ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { PrintService } from '../printing/print-service.js';
import type { ProductAdmin } from './product-admin.js';
import { productWithSku } from '../../../shared/labels.js';

/** "Blue Dream (FLW-001)", or the name alone for a product with no SKU. */
const named = (product: ProductView) => productWithSku(product.name, product.sku);

/** Checks what was asked before anything is read: the kind, and a whole number of copies from 1 to 50. */
function checked(request: ProductLabelRequest): { kind: ProductLabelRequest['kind']; copies: number } {
  if (!(LABEL_KINDS as readonly string[]).includes(request.kind)) {
    throw invalidInput('kind', `must be shelf or package, not "${String(request.kind)}"`);
  }
  const copies = request.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_LABEL_COPIES) {
    throw invalidInput('copies', `must be a whole number from 1 to ${MAX_LABEL_COPIES}, not ${String(copies)}`);
  }
  return { kind: request.kind, copies };
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
    const label = kind === 'shelf' ? shelfLabel(product) : this.packageLabel(store, product);
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
      copies,
    };
  }

  /** The label of the product's package at the sales floor: it needs a state tag and stock on hand. */
  private packageLabel(store: Dispensary, product: ProductView): ReceiptDocument {
    if (product.packageLabel === '') {
      throw new ServicePayError(
        'CONFLICT',
        `product ${named(product)} has no package with a state tag to label: set its package tag first`,
      );
    }
    const quantityMilli = toMilli(product.quantityOnHand) ?? 0;
    if (quantityMilli <= 0) {
      throw new ServicePayError(
        'CONFLICT',
        `product ${named(product)} has no stock in package ${product.packageLabel}: a package label is for stock on hand`,
      );
    }
    const labelStore = { name: store.name, licenceNumber: store.licenceNumber, timeZone: store.timezone };
    return packageLabel(product, { tag: product.packageLabel, quantityMilli }, labelStore, this.access.now());
  }
}
