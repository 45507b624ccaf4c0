import { StockValueSchema } from '../../../shared/contracts/stock-value.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { StockValues } from './stock-value.js';

/** What a store's stock is worth, `GET /v2.0/dispensary/<short>/setup/inventory/value` (`store:manage`). */
export function registerStockValueRoutes(route: ReturnType<typeof setupRoutes>, values: StockValues) {
  route(
    {
      method: 'GET',
      path: '/inventory/value',
      summary: 'What the store’s stock on hand is worth, at cost and at its prices, by category',
      description:
        'Each package’s quantity on hand at its unit cost and at its price (before promotions), summed by ' +
        'category, the most valuable first; withoutCost counts the products whose cost is not known (they add ' +
        'nothing at cost). The total is the sum of the categories, to the cent.',
      response: StockValueSchema,
    },
    async ({ actor, params }) => success(await values.of(actor, params.dispensaryShortName)),
  );
}
