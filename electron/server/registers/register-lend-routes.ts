import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import {
  LENT_TABLES,
  RegisterLendAnswerSchema,
  RegisterLendSchema,
  type RegisterLend,
  type RegisterLendAnswer,
} from '../../../shared/contracts/register-pickup.js';
import { ServicePayError } from '../../../shared/errors.js';
import { fulfillmentOf, refusalOf } from '../../../shared/order-status.js';
import type { ServiceContext } from '../core/context.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { lentWords, OrderLoans } from '../tickets/order-loans.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { registerActing } from './register-acting.js';
import { untyped, type ReplicaRow } from './replica-tables.js';

const schema = { tags: ['registers'], security: [{ register: [] }] };
const OrderParams = Type.Object({ orderId: Type.String({ format: 'uuid' }) });
const GivenBack = Type.Object({ ...SuccessFields, givenBack: Type.Boolean() });

/** The order's rows as this server has them, table by table (LENT_TABLES), for the register's copy. */
async function rowsOf(db: DataLayer, tx: Queryable, orderId: string): Promise<Record<string, ReplicaRow[]>> {
  const k = untyped(db.builder);
  const rows: Record<string, ReplicaRow[]> = {};
  for (const table of LENT_TABLES) {
    const query =
      table === 'orders'
        ? k.selectFrom(table).selectAll().where('id', '=', orderId)
        : table === 'payment_refunds'
          ? k
              .selectFrom(table)
              .selectAll()
              .where('payment_id', 'in', k.selectFrom('payments').select('id').where('order_id', '=', orderId))
          : k.selectFrom(table).selectAll().where('order_id', '=', orderId);
    rows[table] = ((await tx.all(query)) as ReplicaRow[]).map((row) => ({ ...row }));
  }
  return rows;
}

/**
 * Lending an online order to one attached register for its hand-over (README "Attaching
 * registers"): the server checks the hand-over may happen now (the state's rules, as at its own
 * counter), lends the order to that register alone for `LOAN_MS` and answers its rows, which the
 * register copies to take the payment and hand it over there; its forwarded changes bring the
 * payment and the hand-over back, once. Another register asking meanwhile is told who has it.
 */
export function registerLendRoutes(app: FastifyInstance, ctx: ServiceContext, tickets: TicketService): void {
  const { acting } = registerActing(ctx, tickets);
  const loans = new OrderLoans(ctx.db);

  app.post<{ Params: { orderId: string }; Body: RegisterLend }>(
    '/v2.0/register/pickup/:orderId/lend',
    {
      config: { consumes: ['application/json'] },
      schema: {
        ...schema,
        summary: "Lend an online order to an attached register for its hand-over, for the register's cashier",
        params: OrderParams,
        body: RegisterLendSchema,
        response: { 200: RegisterLendAnswerSchema, ...failures(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request): Promise<RegisterLendAnswer> => {
      const { orderId } = request.params;
      const { cashier } = request.body;
      const { register, dispensary } = await acting(request, orderId, cashier, 'ticket:fulfil');
      const refused = await tickets.handOverRefusal(dispensary, orderId);
      if (refused) throw new ServicePayError('CONFLICT', refused);
      return ctx.db.write(async (tx) => {
        const full = await tickets.orders.lockById(tx, dispensary.id, orderId);
        if (!full) throw new ServicePayError('NOT_FOUND', `no online order ${orderId} at this store`);
        const { order } = full;
        const stage = fulfillmentOf(order.status);
        if (stage === 'COMPLETED' || stage === 'CANCELED') {
          const words = refusalOf(order.orderNumber, order, 'COMPLETED') ?? `order ${order.orderNumber} is closed`;
          throw new ServicePayError('ILLEGAL_TRANSITION', words, { field: 'status' });
        }
        if (order.paymentStatus === 'AUTHORIZED') {
          throw new ServicePayError(
            'CONFLICT',
            `order ${order.orderNumber} is paid by an ACH authorization, captured as it is handed over at the store server: hand it over at the store server's own POS`,
          );
        }
        const pending = await tx.first(
          ctx.db.builder
            .selectFrom('payments')
            .select('id')
            .where('order_id', '=', orderId)
            .where('status', '=', 'pending'),
        );
        if (pending) {
          throw new ServicePayError('CONFLICT', `a payment of order ${order.orderNumber} is being taken: wait for it`);
        }
        const request = {
          orderId,
          dispensaryId: dispensary.id,
          registerId: register.registerId,
          registerName: register.name,
          cashier,
        };
        const { loan, ours } = await loans.lend(tx, request, ctx.now());
        if (!ours) throw new ServicePayError('CONFLICT', lentWords(order.orderNumber, loan));
        const rows = await rowsOf(ctx.db, tx, orderId);
        return { resultCode: 'SUCCESS', resultReason: null, expiresAt: loan.expiresAt, rows };
      });
    },
  );

  app.post<{ Params: { orderId: string }; Body: RegisterLend }>(
    '/v2.0/register/pickup/:orderId/give-back',
    {
      config: { consumes: ['application/json'] },
      schema: {
        ...schema,
        summary: 'Give back an online order lent to an attached register, its money not taken',
        params: OrderParams,
        body: RegisterLendSchema,
        response: { 200: GivenBack, ...failures(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const { register } = await acting(request, orderId, request.body.cashier, 'ticket:fulfil');
      const givenBack = await ctx.db.write((tx) => loans.giveBack(tx, orderId, register.registerId));
      return { resultCode: 'SUCCESS' as const, resultReason: null, givenBack };
    },
  );
}
