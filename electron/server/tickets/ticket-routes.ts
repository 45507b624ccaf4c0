import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import {
  TicketCreateRequestSchema,
  TicketPageSchema,
  TicketReadSchema,
  TicketSchema,
  type TicketCreateRequest,
} from '../../../shared/contracts/ticket.js';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status.js';
import { ReasonRequestSchema, type ReasonRequest } from '../../../shared/contracts/audit.js';
import { auditActor } from '../core/audit-actor.js';
import { optionalBody } from '../http/optional-body.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { creationWindow, decodeCursor, encodeCursor } from '../db/newest-first.js';
import { registerLinesRoute } from './lines-route.js';
import { registerQuoteRoute } from './quote-route.js';
import type { SalePorts } from './sale-loyalty.js';
import { AuthHeaders, common, CreateHeaders, OrderParams, Params, PREFIX } from './ticket-route-schemas.js';
import { TicketService, type Actor, type OrderPaymentHooks } from './ticket-service.js';
import type { SaleLink } from './stock-holder.js';
import type { OrderEvents } from './order-events.js';
import type { OrdersElsewhere } from './orders-elsewhere.js';
import { registerLendRoute } from './lend-route.js';
import { registerOrderHistoryRoute } from './order-history-route.js';

/** The stages the store moves an order to (a cancel has its own route). */
const FULFILMENT = ['IN_PROCESS', 'PACKED_READY', 'COMPLETED'] as const;
function actorOf(request: FastifyRequest): Actor {
  const principal = request.principal!;
  return {
    id: `${principal.kind}:${principal.subjectId}`,
    apiClientId: request.apiClient?.clientId ?? null,
    who: auditActor(principal),
  };
}

/**
 * The ticket (order) API of spec 4.1, plus reading, listing, cancelling and fulfilment. Answers the
 * ticket service, so that features acting on orders by themselves (pickup expiry) go the same way.
 */
export function registerTicketRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  events: OrderEvents,
  paymentHooks: OrderPaymentHooks = {},
  link?: SaleLink,
  elsewhere?: OrdersElsewhere,
  sale: SalePorts = {},
): TicketService {
  const tickets = new TicketService(ctx, events, paymentHooks, link, elsewhere, sale);
  const dispensaries = new DispensaryRepository(ctx.db);
  const scope = (request: FastifyRequest<{ Params: { dispensaryShortName: string } }>) =>
    dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
  registerQuoteRoute(app, ctx, auth, scope, sale);
  registerOrderHistoryRoute(app, ctx, auth, scope);

  app.post<{
    Params: { dispensaryShortName: string };
    Body: TicketCreateRequest;
    Headers: { 'idempotency-key'?: string };
  }>(
    `${PREFIX}/ticket`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:create' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Create an ecommerce ticket (order)',
        description: 'Prices the items, reserves their stock and answers the ticket with its order number.',
        params: Params,
        headers: CreateHeaders,
        body: TicketCreateRequestSchema,
        response: { 201: TicketSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const dispensary = await scope(request);
      const key = request.headers['idempotency-key'];
      const created = await tickets.create(dispensary, request.body, actorOf(request), key);
      if (created.replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .code(created.statusCode)
        .type('application/json; charset=utf-8')
        .serializer(String)
        .send(created.body);
    },
  );

  app.get<{ Params: { dispensaryShortName: string; orderId: string } }>(
    `${PREFIX}/ticket/:orderId`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'Get a ticket by order id, with what its payments paid and refunded',
        params: OrderParams,
        headers: AuthHeaders,
        response: { 200: TicketReadSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => tickets.get(await scope(request), request.params.orderId),
  );

  app.get<{ Params: { dispensaryShortName: string; orderNumber: string } }>(
    `${PREFIX}/ticket/by-number/:orderNumber`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'Get a ticket by order number, with what its payments paid and refunded',
        params: Type.Object({
          dispensaryShortName: Type.String(),
          orderNumber: Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }),
        }),
        headers: AuthHeaders,
        response: { 200: TicketReadSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => tickets.getByNumber(await scope(request), request.params.orderNumber.toUpperCase()),
  );

  const ListQuery = Type.Object({
    status: Type.Optional(Type.Enum(ORDER_STATUSES)),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or after (ISO 8601).' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Created before (ISO 8601).' })),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
  });
  app.get<{
    Params: { dispensaryShortName: string };
    Querystring: { status?: OrderStatus; from?: string; to?: string; limit: number; cursor?: string };
  }>(
    `${PREFIX}/tickets`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'List tickets, newest first',
        params: Params,
        headers: AuthHeaders,
        querystring: ListQuery,
        response: { 200: TicketPageSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { status, from, to, limit, cursor } = request.query;
      const dispensary = await scope(request);
      const window = creationWindow(from, to);
      // A cursor pages the list of the store and filters it was issued for, and no other.
      const list = { name: 'tickets', filter: { store: dispensary.id, status, ...window } };
      const page = await tickets.list(dispensary, {
        status,
        ...window,
        after: cursor === undefined ? undefined : decodeCursor(list, cursor),
        limit: limit + 1,
      });
      const more = page.length > limit;
      const shown = more ? page.slice(0, limit) : page;
      const last = shown[shown.length - 1];
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        tickets: shown,
        nextCursor: more && last ? encodeCursor(list, last.createdAt, last.orderId) : null,
      };
    },
  );

  app.post<{ Params: { dispensaryShortName: string; orderId: string }; Body: ReasonRequest | undefined }>(
    `${PREFIX}/ticket/:orderId/cancel`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:cancel' }),
      preValidation: optionalBody,
      schema: {
        ...common,
        summary: 'Cancel an unpaid ticket and release its stock',
        description: 'An optional body `{reason}` says why; the audit trail keeps it with who canceled.',
        params: OrderParams,
        headers: AuthHeaders,
        body: ReasonRequestSchema,
        response: { 200: TicketSchema, ...failures(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      tickets.cancel(await scope(request), request.params.orderId, actorOf(request), request.body?.reason ?? ''),
  );

  app.post<{ Params: { dispensaryShortName: string; orderId: string }; Body: { status: (typeof FULFILMENT)[number] } }>(
    `${PREFIX}/ticket/:orderId/status`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:fulfil' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'Move a ticket through the store: picked, packed, handed over',
        description:
          'IN_PROCESS (picking), PACKED_READY (packed, ready for pickup) and COMPLETED (handed over) are ' +
          'allowed paid or not, except COMPLETED, which needs the order PAID (an ACH authorization is ' +
          'captured first). A move its stage does not allow answers 409 with the reason in words ' +
          '(README "Order statuses").',
        params: OrderParams,
        headers: AuthHeaders,
        body: Type.Object({ status: Type.Enum(FULFILMENT) }, { additionalProperties: false }),
        response: { 200: TicketSchema, ...failures(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      tickets.advance(await scope(request), request.params.orderId, request.body.status, actorOf(request)),
  );
  registerLinesRoute(app, auth, scope, tickets.edits, actorOf);
  registerLendRoute(app, auth, scope, tickets, actorOf);
  return tickets;
}
