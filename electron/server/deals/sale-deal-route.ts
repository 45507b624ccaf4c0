import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { SaleDealsSchema, type SaleDeal } from '../../../shared/contracts/deals.js';
import { dealSummary, scheduleWords, type DealNames } from '../../../shared/deals/deal-words.js';
import type { Deal } from '../../../shared/deals/deal.js';
import { runsAt } from '../../../shared/deals/schedule.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { DealUses } from '../tickets/deal-uses.js';
import type { ServerDealUses } from '../tickets/server-deal-uses.js';
import { AuthHeaders, common, Params, PREFIX } from '../tickets/ticket-route-schemas.js';
import { DealsRepository } from './deals-repository.js';
import { StoreMinutes } from './store-minute.js';

/**
 * `GET …/ecommerce/deals`: the store's deals running now in its own time (active, and on their dates,
 * weekdays and hours, as a sale now would get them), as a register (its cashier chooses the
 * `cashier` ones) or a shop's menu reads them, in words; a promo code is never shown (README "Deals").
 * A deal whose uses in all (`totalLimit`) are used up is left out: no sale gets it any more. A
 * per-customer limit is not read here (the list names no customer), but said, as the limit in all
 * is ("$1.00 off each, once per customer"); its products are named as the back office names them.
 */
export function registerSaleDealRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  /** On an attached register: its store server's counts (the other registers' and the server's sales). */
  server?: ServerDealUses,
): void {
  const dispensaries = new DispensaryRepository(ctx.db);
  const deals = new DealsRepository(ctx.db);
  const minutes = new StoreMinutes();
  const uses = new DealUses(ctx.db);
  app.get<{ Params: { dispensaryShortName: string } }>(
    `${PREFIX}/deals`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:create' }),
      schema: {
        ...common,
        summary: 'The store’s deals running now in its time, in words (never their promo codes)',
        params: Params,
        headers: AuthHeaders,
        response: { 200: SaleDealsSchema, ...failures(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const store = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      const { date, weekday, minute } = minutes.of(ctx.now(), store.timezone);
      const running = (await deals.list(ctx.db, store.id, 'active')).filter(({ deal }) =>
        runsAt(deal.schedule, date, weekday, minute),
      );
      // The uses of the running deals with a total limit: one query for all of them, none without any.
      const limited = running.filter(({ deal }) => deal.totalLimit !== null).map(({ deal }) => deal.id);
      const used = await uses.counted(ctx.db, store.id, { inAll: limited, byCustomer: [] }, null, undefined, ctx.now());
      // At an attached register, what its server counts too (null: it does not answer; its own count then).
      const there = limited.length > 0 ? await server?.usesLeft({ customerId: null, dealIds: limited }) : null;
      const listed = running.filter(
        ({ deal }) =>
          deal.totalLimit === null ||
          ((used.get(deal.id)?.all ?? 0) < deal.totalLimit && (there?.get(deal.id) ?? 1) > 0),
      );
      const names: DealNames = {
        ...(await deals.productNames(
          ctx.db,
          store.id,
          listed.map(({ deal }) => deal),
        )),
        tier: (id) => store.loyalty.tiers.find((tier) => tier.name.toLowerCase() === id.toLowerCase())?.name,
      };
      // Its limits said (dealSummary), never its code.
      const summary = (deal: Deal) => dealSummary({ ...deal, code: null }, names);
      const view = ({ deal }: (typeof listed)[number]): SaleDeal => ({
        dealId: deal.id,
        name: deal.name,
        summary: summary(deal),
        when: scheduleWords(deal.schedule),
        trigger: deal.trigger,
        exclusive: deal.exclusive,
      });
      return { resultCode: 'SUCCESS' as const, resultReason: null, deals: listed.map(view) };
    },
  );
}
