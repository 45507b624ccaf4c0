import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { LabelPrintFields } from './product-labels.js';
import { Count, SignedQuantity } from '../numbers.js';

/**
 * A delivery's package labels (README "Labels", "Receiving"):
 * `POST …/setup/inventory/receipts/<receipt id or manifest number>/labels`, `servicepay inventory
 * labels` and `servicepay inventory receive … --labels`, with `--json` printing the same shape.
 */

/** The most labels one print of a delivery makes (packages × copies). */
export const MAX_RECEIPT_LABELS = 500;

/** How many labels of each package, and on which register's printer. */
export const ReceiptLabelRequestSchema = Type.Object(LabelPrintFields, { additionalProperties: false });
export type ReceiptLabelRequest = Static<typeof ReceiptLabelRequestSchema>;

/** What became of one package's labels: printed, not taken by the printer, or skipped (and why). */
export const RECEIPT_LABEL_RESULTS = ['printed', 'not_printed', 'skipped'] as const;

export const ReceiptLabelPackageSchema = Type.Object({
  packageId: Type.String(),
  /** Its state tag. */
  label: Type.String(),
  productName: Type.String(),
  /** On hand now, in units or grams: what its label states. */
  quantity: SignedQuantity('On hand now'),
  result: Type.Enum(RECEIPT_LABEL_RESULTS),
  /** Why it was skipped, in words ("it has no stock left"); null when it was not. */
  skipped: Type.Union([Type.String(), Type.Null()]),
});
export type ReceiptLabelPackage = Static<typeof ReceiptLabelPackageSchema>;

/**
 * How the print went: `printed` false with `problem` in words when the printer did not take it, or
 * when no package had stock left to label; `labels` how many were sent (packages × copies), and
 * every package the delivery received with what became of its labels.
 */
export const ReceiptLabelResultSchema = Type.Object({
  ...SuccessFields,
  printed: Type.Boolean(),
  problem: Type.Optional(Type.String()),
  printer: Type.String(),
  receiptId: Type.String(),
  manifestNumber: Type.String(),
  copies: Count('Labels of each package'),
  labels: Count('Labels sent to the printer'),
  skipped: Count('Packages skipped'),
  packages: Type.Array(ReceiptLabelPackageSchema),
});
export type ReceiptLabelResult = Static<typeof ReceiptLabelResultSchema>;
