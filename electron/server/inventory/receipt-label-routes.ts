import { Type } from 'typebox';
import {
  ReceiptLabelRequestSchema,
  ReceiptLabelResultSchema,
  type ReceiptLabelRequest,
} from '../../../shared/contracts/receipt-labels.js';
import type { setupRoutes } from '../dispensaries/setup-route.js';
import type { ReceiptLabels } from './receipt-labels.js';

const ReceiptParams = {
  receipt: Type.String({ maxLength: 64, description: 'The receipt id, or the manifest number it received' }),
};

/** A delivery's package labels, `POST /v2.0/dispensary/<short>/setup/inventory/receipts/<receipt>/labels` (`inventory:adjust`). */
export function registerReceiptLabelRoutes(route: ReturnType<typeof setupRoutes>, labels: ReceiptLabels) {
  route<ReceiptLabelRequest>(
    {
      method: 'POST',
      path: '/inventory/receipts/:receipt/labels',
      summary: "Print the package labels of every package a delivery received on a register's receipt printer",
      description:
        'One package label (copies 1 to 50, default 1) of each package the receipt received, as it is now: its ' +
        'state tag as a Code 128 barcode and in words, what is on hand, THC and CBD, the store, its licence and ' +
        'the date. A package with no stock left, or whose product is archived, is skipped (packages[].skipped ' +
        'says why). printer: the register whose printer prints them, which may be left out when the store has ' +
        'one printer. printed: false with a problem when the printer did not take them, or nothing was left to label.',
      permission: 'inventory:adjust',
      params: ReceiptParams,
      body: ReceiptLabelRequestSchema,
      response: ReceiptLabelResultSchema,
    },
    async ({ actor, params, body }) => labels.print(actor, params.dispensaryShortName, params.receipt!, body),
  );
}
