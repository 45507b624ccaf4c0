import { Type } from 'typebox';
import {
  DealAnswerSchema,
  DealCreateSchema,
  DealListQuerySchema,
  DealsSchema,
  DealUpdateSchema,
  type DealCreate,
  type DealListQuery,
  type DealUpdate,
} from '../../../shared/contracts/deals.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { StoreDeals } from './store-deals.js';

const DealId = { dealId: Type.String({ maxLength: 64, description: 'The deal’s id' }) };

/** A store's deals (`store:manage`), under `/v2.0/dispensary/<short>/setup` (README "Deals"). */
export function registerDealRoutes(route: ReturnType<typeof setupRoutes>, deals: StoreDeals) {
  route(
    {
      method: 'GET',
      path: '/deals',
      summary: 'The store’s deals: active and paused (default), or only active, paused or archived ones',
      querystring: DealListQuerySchema,
      response: DealsSchema,
    },
    async ({ actor, params, query }) => {
      const listed = await deals.list(actor, params.dispensaryShortName, query as DealListQuery);
      return success({ deals: listed, count: listed.length });
    },
  );
  route(
    {
      method: 'GET',
      path: '/deals/:dealId',
      params: DealId,
      summary: 'One deal, with what it gives and when, in words',
      response: DealAnswerSchema,
    },
    async ({ actor, params }) => success({ deal: await deals.get(actor, params.dispensaryShortName, params.dealId!) }),
  );
  route<DealCreate>(
    {
      method: 'POST',
      path: '/deals',
      summary: 'Add a deal: percent or amount off, a fixed price, buy X get Y, a bundle or weight breaks',
      description:
        'Scoped to products (ids or SKUs), brands, categories or tags; scheduled by dates, weekdays and hours in ' +
        'store time; for customer groups; automatic, chosen by the cashier, or unlocked by a promo code. Every ' +
        'problem is refused in words, naming its field, and nothing is written.',
      body: DealCreateSchema,
      response: DealAnswerSchema,
    },
    async ({ actor, params, body }) => success({ deal: await deals.add(actor, params.dispensaryShortName, body) }),
  );
  route<DealUpdate>(
    {
      method: 'PATCH',
      path: '/deals/:dealId',
      params: DealId,
      summary: 'Change a deal, or pause it (`active: false`) and resume it',
      body: DealUpdateSchema,
      response: DealAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ deal: await deals.update(actor, params.dispensaryShortName, params.dealId!, body) }),
  );
  route(
    {
      method: 'DELETE',
      path: '/deals/:dealId',
      params: DealId,
      summary: 'Archive a deal: it no longer applies; sales that used it keep its name',
      response: DealAnswerSchema,
    },
    async ({ actor, params }) =>
      success({ deal: await deals.archive(actor, params.dispensaryShortName, params.dealId!) }),
  );
}
