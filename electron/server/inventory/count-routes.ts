import { Type } from 'typebox';
import {
  CountAnswerSchema,
  CountApplyRequestSchema,
  CountEntryAnswerSchema,
  CountEntryRequestSchema,
  CountListSchema,
  CountReportSchema,
  CountStartRequestSchema,
  type CountApplyRequest,
  type CountEntryRequest,
  type CountStartRequest,
} from '../../../shared/contracts/inventory-counts.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { InventoryCounts } from './inventory-counts.js';

const CountParams = {
  count: Type.String({ minLength: 1, maxLength: 64, description: 'The count: its number at the store, or its id' }),
};

/**
 * A store's inventory counts, under `/v2.0/dispensary/<short>/setup/inventory/counts`
 * (`inventory:adjust`: cashiers, managers and admins; applying takes a manager, or a manager's PIN).
 */
export function registerCountRoutes(route: ReturnType<typeof setupRoutes>, counts: InventoryCounts) {
  route<CountStartRequest>(
    {
      method: 'POST',
      path: '/inventory/counts',
      summary: 'Start a count of the store, or of some categories',
      description: 'Refused while another open or paused count covers some of the same packages.',
      permission: 'inventory:adjust',
      body: CountStartRequestSchema,
      response: CountAnswerSchema,
    },
    async ({ actor, params, body }) => success({ count: await counts.start(actor, params.dispensaryShortName, body) }),
  );
  route(
    {
      method: 'GET',
      path: '/inventory/counts',
      summary: 'The store’s last 100 counts, newest first',
      permission: 'inventory:adjust',
      response: CountListSchema,
    },
    async ({ actor, params }) => success({ counts: await counts.list(actor, params.dispensaryShortName) }),
  );
  route(
    {
      method: 'GET',
      path: '/inventory/counts/:count',
      summary: 'A count and its variance report: each package expected, counted, the difference and its value',
      description: 'Values are at the package’s retail price. Packages of the scope not counted have nulls.',
      permission: 'inventory:adjust',
      params: CountParams,
      response: CountReportSchema,
    },
    async ({ actor, params }) => success(await counts.report(actor, params.dispensaryShortName, params.count!)),
  );
  route<CountEntryRequest>(
    {
      method: 'POST',
      path: '/inventory/counts/:count/entries',
      summary: 'Enter what is there of one package (by id or state tag); entered again, it is replaced',
      description: 'The package’s stock on hand now is kept as what was expected, so sales during the count balance.',
      permission: 'inventory:adjust',
      params: CountParams,
      body: CountEntryRequestSchema,
      response: CountEntryAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ line: await counts.enter(actor, params.dispensaryShortName, params.count!, body) }),
  );
  for (const [action, summary] of [
    ['pause', 'Pause a count: entries are refused until it is resumed'],
    ['resume', 'Resume a paused count'],
    ['cancel', 'Cancel a count: nothing of it changes stock'],
  ] as const) {
    route(
      {
        method: 'POST',
        path: `/inventory/counts/:count/${action}`,
        summary,
        permission: 'inventory:adjust',
        params: CountParams,
        response: CountAnswerSchema,
      },
      async ({ actor, params }) =>
        success({ count: await counts[action](actor, params.dispensaryShortName, params.count!) }),
    );
  }
  route<CountApplyRequest | undefined>(
    {
      method: 'POST',
      path: '/inventory/counts/:count/apply',
      summary: 'Apply a count: each difference becomes an adjustment with the count’s reason',
      description:
        'A manager applies it, or a cashier with a manager’s PIN (`approval`). Each difference is added to ' +
        'the stock on hand now; the adjustments, the audit trail and the state’s outbox are written together or not at all.',
      permission: 'inventory:adjust',
      params: CountParams,
      body: CountApplyRequestSchema,
      response: CountReportSchema,
    },
    async ({ actor, params, body }) =>
      success(await counts.apply(actor, params.dispensaryShortName, params.count!, body ?? {})),
  );
}
