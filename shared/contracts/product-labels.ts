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

/** What to print: the kind, how many, and on which register's printer. */
export const ProductLabelRequestSchema = Type.Object(
  {
    kind: Type.Enum(LABEL_KINDS, { description: 'shelf or package' }),
    copies: Type.Optional(
      // Whole and not negative here; 1 to MAX_LABEL_COPIES is checked by the service, which says so in words.
      Count(`How many labels, 1 to ${MAX_LABEL_COPIES} (default 1), each cut off`),
    ),
    printer: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "The register whose printer prints them (front-1); default: the store's only printer",
      }),
    ),
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
  copies: Count(),
});
export type ProductLabelResult = Static<typeof ProductLabelResultSchema>;
