import {
  ReceiptAnswerSchema,
  ReceiptPreviewRequestSchema,
  ReceiptPreviewSchema,
  ReceiptRequestSchema,
  type ReceiptPreviewRequest,
  type ReceiptRequest,
} from '../../../shared/contracts/receiving.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { Receiving } from './receiving.js';

const BODY_LIMIT = 8 * 1024 * 1024;

/** Deliveries received at a store, under `/v2.0/dispensary/<short>/setup/inventory/receipts` (`inventory:adjust`). */
export function registerReceivingRoutes(route: ReturnType<typeof setupRoutes>, receiving: Receiving) {
  route<ReceiptPreviewRequest>(
    {
      method: 'POST',
      path: '/inventory/receipts/preview',
      summary:
        'Read a shipper’s manifest (Metrc’s JSON, ours, or CSV) and suggest each package’s product; nothing is written',
      description:
        'Answers the manifest in units with each package’s likely products, or every problem found in words ' +
        '(problems, with manifest null). Says when the manifest or a tag is the organization’s already.',
      permission: 'inventory:adjust',
      body: ReceiptPreviewRequestSchema,
      response: ReceiptPreviewSchema,
      bodyLimit: BODY_LIMIT,
    },
    async ({ actor, params, body }) => receiving.preview(actor, params.dispensaryShortName, body),
  );
  route<ReceiptRequest>(
    {
      method: 'POST',
      path: '/inventory/receipts',
      summary: 'Receive a delivery: each package as a product’s new package in a room, short or refused where it was',
      description:
        'One decision per package of the manifest: its product (id or SKU) and, when less arrived, received; or ' +
        'refused with a reason. Every package, the receipt, the audit trail and the store’s version are written ' +
        'together or not at all. A manifest, or a tag, already received in the organization is refused (409).',
      permission: 'inventory:adjust',
      body: ReceiptRequestSchema,
      response: ReceiptAnswerSchema,
      bodyLimit: BODY_LIMIT,
    },
    async ({ actor, params, body }) =>
      success({ receipt: await receiving.receive(actor, params.dispensaryShortName, body) }),
  );
}
