import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';

/**
 * A sale's receipt as the service lays it out (`GET /v2.0/dispensary/<short>/orders/<id>/receipt`),
 * for the POS's and back office's print dialog; the receipt printer prints the same document.
 */

const Text = Type.String();
/** One line of a receipt: the schema of `ReceiptLine` (shared/receipt/receipt-document.ts). */
export const ReceiptLineSchema = Type.Union([
  Type.Object({ kind: Type.Literal('title'), text: Text }),
  Type.Object({ kind: Type.Literal('center'), text: Text, strong: Type.Optional(Type.Boolean()) }),
  Type.Object({ kind: Type.Literal('row'), label: Text, amount: Text, strong: Type.Optional(Type.Boolean()) }),
  Type.Object({ kind: Type.Literal('heading'), text: Text }),
  Type.Object({ kind: Type.Literal('rule') }),
  Type.Object({ kind: Type.Literal('text'), text: Text }),
  Type.Object({ kind: Type.Literal('detail'), text: Text }),
  Type.Object({ kind: Type.Literal('barcode'), value: Text }),
]);

export const ReceiptDocumentSchema = Type.Object({
  title: Type.String({ description: 'What it is, for the print dialog: "Receipt 7KQ2ZP"' }),
  lines: Type.Array(ReceiptLineSchema),
});

export const ReceiptResponseSchema = Type.Object({ ...SuccessFields, receipt: ReceiptDocumentSchema });
export type ReceiptResponse = Static<typeof ReceiptResponseSchema>;

/** `?reprint=1`: a copy printed after the sale, marked "Reprint". */
export const ReceiptQuerySchema = Type.Object(
  { reprint: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])) },
  { additionalProperties: false },
);
