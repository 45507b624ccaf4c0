import {
  AdjustmentAnswerSchema,
  AdjustmentListQuerySchema,
  AdjustmentPageSchema,
  AdjustmentReasonsSchema,
  AdjustmentRequestSchema,
  type AdjustmentListQuery,
  type AdjustmentRequest,
} from '../../../shared/contracts/inventory.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { InventoryAdjustments } from './inventory-adjustments.js';

/**
 * A store's inventory adjustments, under `/v2.0/dispensary/<short>/setup/inventory`
 * (`inventory:adjust`: cashiers, managers and admins; a manager's PIN where the store asks).
 */
export function registerAdjustmentRoutes(route: ReturnType<typeof setupRoutes>, inventory: InventoryAdjustments) {
  route(
    {
      method: 'GET',
      path: '/inventory/reasons',
      summary:
        'The reasons a package’s stock may be adjusted for (the state’s, or the default list), and the PIN policy',
      permission: 'inventory:adjust',
      response: AdjustmentReasonsSchema,
    },
    async ({ actor, params }) => success(await inventory.reasons(actor, params.dispensaryShortName)),
  );
  route<AdjustmentRequest>(
    {
      method: 'POST',
      path: '/inventory/adjustments',
      summary:
        'Adjust a package’s stock: a change or a counted quantity, with a reason (and a manager’s PIN where asked)',
      description:
        'The stock, the adjustment, the audit trail and the state’s outbox are written together or not at all; ' +
        'open orders keep their claims. Stock on hand never goes below zero.',
      permission: 'inventory:adjust',
      body: AdjustmentRequestSchema,
      response: AdjustmentAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ adjustment: await inventory.adjust(actor, params.dispensaryShortName, body) }),
  );
  route(
    {
      method: 'GET',
      path: '/inventory/adjustments',
      summary: 'The store’s adjustments, newest first: filter by product, package, reason and store days; page',
      permission: 'inventory:adjust',
      querystring: AdjustmentListQuerySchema,
      response: AdjustmentPageSchema,
    },
    async ({ actor, params, query }) =>
      success(await inventory.list(actor, params.dispensaryShortName, query as AdjustmentListQuery)),
  );
}
