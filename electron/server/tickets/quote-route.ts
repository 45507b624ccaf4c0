import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  TicketCreateRequestSchema,
  TicketQuoteSchema,
  type TicketCreateRequest,
} from '../../../shared/contracts/ticket.js';
import type { AuthService } from '../auth/auth-service.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { InventoryRepository } from '../catalog/inventory-repository.js';
import { CustomersRepository, unknownCustomer } from '../customers/customers-repository.js';
import type { ServiceContext } from '../core/context.js';
import { storeDiscountRules } from '../dispensaries/store-profile.js';
import { quoteTicket } from './ticket-quote.js';
import { manualApprover } from './manual-discounts.js';
import { ManagerPins } from '../auth/manager-pins.js';
import { auditActor } from '../core/audit-actor.js';
import type { SalePorts } from './sale-loyalty.js';
import { AuthHeaders, common, Params, PREFIX } from './ticket-route-schemas.js';

/** `POST …/ecommerce/ticket/quote`: the totals of a cart, as creating its ticket would make them. */
export function registerQuoteRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  scope: (request: FastifyRequest<{ Params: { dispensaryShortName: string } }>) => Promise<Dispensary>,
  sale: SalePorts = {},
): void {
  const inventory = new InventoryRepository(ctx.db);
  const customers = new CustomersRepository(ctx.db);
  const pins = ManagerPins.of(ctx);
  app.post<{ Params: { dispensaryShortName: string }; Body: TicketCreateRequest }>(
    `${PREFIX}/ticket/quote`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:create' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Price a ticket without creating it',
        description:
          "Same body and validation as creating a ticket (a manager's approval given is checked); answers its " +
          'items, unavailable items and totals. Nothing is stored or reserved.',
        params: Params,
        headers: AuthHeaders,
        body: TicketCreateRequestSchema,
        response: { 200: TicketQuoteSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const dispensary = await scope(request);
      // Refused as creating it would refuse it (TicketCompliance.customer), not priced for nobody.
      const { customerId } = request.body;
      if (customerId !== undefined && !(await customers.find(ctx.db, dispensary.id, customerId))) {
        throw unknownCustomer(customerId);
      }
      const rules = storeDiscountRules(ctx.profiles, dispensary);
      const who = auditActor(request.principal!);
      // A manager's approval sent with manual discounts is checked as the ticket checks it (a wrong
      // PIN refused, and counted against the manager): the register's dialog says so as it is typed.
      if (request.body.approval) await manualApprover(pins, dispensary, who, request.body);
      return quoteTicket(ctx.db, inventory, dispensary, request.body, ctx.now(), sale, { who, rules });
    },
  );
}
