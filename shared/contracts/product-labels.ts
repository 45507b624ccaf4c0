import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count } from '../numbers.js';

/**
 * A product's labels on a register's ESC/POS printer (README "Labels"):
 * `POST …/setup/products/<id or SKU>/labels`, and `servicepay products label` with `--json`.
 */

/** A shelf label (price, potency) or a package label (the state tag as a barcode, quantity, store). */
export const LABEL_KINDS = ['shelf', 'package'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** The most labels one print makes. */
export const MAX_LABEL_COPIES = 50;

/** How many labels of each, and on which register's printer: a product's labels and a delivery's alike. */
export const LabelPrintFields = {
  copies: Type.Optional(
    // The service checks the same range (the command's --copies is not read through this schema).
    Type.Integer({
      minimum: 1,
      maximum: MAX_LABEL_COPIES,
      description: `How many labels, 1 to ${MAX_LABEL_COPIES} (default 1), each cut off`,
    }),
  ),
  printer: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "The register whose printer prints them (front-1); default: the store's only printer",
    }),
  ),
};

/** What to print: the kind, which package (for a package label), how many, and on which register's printer. */
export const ProductLabelRequestSchema = Type.Object(
  {
    kind: Type.Enum(LABEL_KINDS, { description: 'shelf or package' }),
    package: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'For a package label: the package (its state tag or id) of the product to label; ' +
          'default: the sales floor package its next sale takes',
      }),
    ),
    ...LabelPrintFields,
  },
  { additionalProperties: false },
);
export type ProductLabelRequest = Static<typeof ProductLabelRequestSchema>;

/**
 * How the print went: `printed` false with `problem` in words when the printer did not take it
 * (off, unplugged, out of paper); which register's printer it was sent to, of what, and how many labels.
 */
export const ProductLabelResultSchema = Type.Object({
  ...SuccessFields,
  printed: Type.Boolean(),
  problem: Type.Optional(Type.String()),
  printer: Type.String(),
  productName: Type.String(),
  kind: Type.Enum(LABEL_KINDS),
  /** The state tag of the package labelled (a package label only). */
  packageLabel: Type.Optional(Type.String()),
  copies: Count(),
});
export type ProductLabelResult = Static<typeof ProductLabelResultSchema>;
