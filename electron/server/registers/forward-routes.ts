import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { ForwardRequestSchema, ForwardResponse, type ForwardRequest } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import { ForwardApplier } from './forward-apply.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';
import { replicaScope } from './replica-snapshot.js';
import type { ChangeEvents } from '../payments/store/payment-changes.js';
import type { PaymentEvents } from '../payments/pay/payment-events.js';

/** A batch of a thousand changes of wide rows (payments) stays well under this. */
const FORWARD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * `POST /v2.0/register/forward`: an attached register (its own credentials) sends its changes in
 * order; the server applies each once and answers the last one it has applied. Once they are
 * committed, the payments and orders they wrote go out on the live channel as the store's own
 * changes do (`PaymentEvents`): each order once, with its source and payment status, so the pickup
 * queues follow a hand-over or a payment at a register, and the stock it moved (`stock.changed`), so
 * the store's screens count what the register sold. A batch refused, or sent again and applied
 * already, writes nothing and tells nothing.
 */
export function registerForwardRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  changes: ChangeEvents,
  events: PaymentEvents,
): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const applier = new ForwardApplier(ctx.db, ctx.now, changes);
  app.post<{ Body: ForwardRequest }>(
    '/v2.0/register/forward',
    {
      bodyLimit: FORWARD_BODY_LIMIT,
      schema: {
        tags: ['registers'],
        summary: "An attached register's sales, payments, drawer and stock changes, each applied once",
        security: [{ register: [] }],
        body: ForwardRequestSchema,
        response: { 200: ForwardResponse, ...failures(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const store = await replicaScope(ctx.db, register.dispensaryId);
      if (!store) throw new ServicePayError('NOT_FOUND', `the store of register ${register.name} is gone`);
      const scope = { ...register, organizationId: store.organizationId };
      const { records } = request.body;
      const outcome = await applier.apply(scope, request.body);
      if (outcome.applied > 0) {
        const packages = records.flatMap((record) => (record.op === 'stock' ? [String(record.row.id)] : []));
        ctx.stockMoves.packages(register.dispensaryId, packages);
      }
      try {
        await events.forwarded(register.dispensaryId, outcome.payments, outcome.orders.keys());
      } catch (error) {
        // The changes are the store's already: a failed announcement must not make the register send them again.
        request.log.warn({ err: error }, 'the changes a register forwarded were not told on the live channel');
      }
      const { forwardedSeq, applied, exceptions } = outcome;
      return { resultCode: 'SUCCESS' as const, resultReason: null, forwardedSeq, applied, exceptions };
    },
  );
}
