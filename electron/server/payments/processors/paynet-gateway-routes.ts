import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ServiceContext } from '../../core/context.js';
import type { LedgerEntry } from './sandbox-ledger.js';
import { sandboxDetail } from './sandbox-outcomes.js';
import { SimulatedBooks, type FollowUpAnswer } from './simulated-books.js';
import {
  PAYNET_SANDBOX_PREFIX,
  PaynetAmountSchema,
  PaynetChargeSchema,
  toPaynetCode,
  type PaynetCharge,
  type PaynetTransaction,
} from './paynet-wire.js';

/** The longest the sandbox holds a "timed out" answer when the client never gives up. */
const HOLD_MS = 30_000;

function fromEntry(entry: LedgerEntry): PaynetTransaction {
  const state =
    entry.status === 'approved'
      ? 'APPROVED'
      : entry.status === 'declined'
        ? 'DECLINED'
        : entry.status === 'voided'
          ? 'VOIDED'
          : 'FAILED';
  return {
    id: entry.transactionId,
    reference: entry.reference,
    state,
    resultCode: toPaynetCode(entry.code),
    resultText: sandboxDetail(entry.code),
  };
}

function fromAnswer(answer: FollowUpAnswer, reference: string): PaynetTransaction {
  return {
    id: answer.transactionId,
    reference,
    state: answer.status === 'approved' ? 'APPROVED' : 'DECLINED',
    resultCode: toPaynetCode(answer.code),
    resultText: answer.detail,
  };
}

/** The gateway takes any test key (`sk_test_…`) with a merchant id, like a gateway's test mode. */
function authorized(request: FastifyRequest, reply: FastifyReply): boolean {
  const key = /^Bearer (sk_test_\S+)$/.exec(String(request.headers.authorization ?? ''));
  if (key && typeof request.headers['x-paynet-merchant'] === 'string') return true;
  void reply
    .code(401)
    .send({ error: 'unauthorized', message: 'a sk_test_ API key and x-paynet-merchant are required' });
  return false;
}

/**
 * The sandbox of the paynet gateway, hosted by this service under /paynet-sandbox/v1 so the paynet
 * processor has a real HTTP peer. Same outcomes as the sandbox table, in paynet's codes; `.91` is
 * recorded and then never answered, so the client's timeout and the status lookup are exercised.
 */
export function registerPaynetGateway(app: FastifyInstance, ctx: ServiceContext): void {
  const books = new SimulatedBooks(ctx.db, 'paynet-gateway', 'pn_', ctx.now);
  const held = new Set<Socket>();
  app.addHook('preClose', async () => {
    for (const socket of held) socket.destroy();
  });
  const hidden = { hide: true, tags: ['paynet gateway sandbox'] };

  app.post<{ Body: PaynetCharge }>(
    `${PAYNET_SANDBOX_PREFIX}/transactions`,
    { schema: { ...hidden, body: PaynetChargeSchema }, config: { rateLimited: false } },
    async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const { type, reference, amount, tipAmount, cashbackAmount, paymentMethod } = request.body;
      const appliedAmount = amount - tipAmount - cashbackAmount;
      const { entry, timesOut } = await books.charge({
        reference,
        kind: type,
        method: paymentMethod,
        amount,
        appliedAmount,
      });
      if (timesOut) {
        // Recorded, never answered: drop the connection when the client gives up (or after HOLD_MS).
        reply.hijack();
        const socket = request.raw.socket;
        held.add(socket);
        const timer = setTimeout(() => socket.destroy(), HOLD_MS);
        socket.once('close', () => {
          clearTimeout(timer);
          held.delete(socket);
        });
        return reply;
      }
      const transaction = fromEntry(entry);
      return reply.code(entry.status === 'error' ? 502 : 200).send(transaction);
    },
  );

  app.get<{ Querystring: { reference: string } }>(
    `${PAYNET_SANDBOX_PREFIX}/transactions`,
    {
      schema: { ...hidden, querystring: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }) }) },
      config: { rateLimited: false },
    },
    async (request, reply) => {
      if (!authorized(request, reply)) return reply;
      const entry = await books.lookup(request.query.reference);
      if (!entry) return reply.code(404).send({ error: 'not_found', message: 'no transaction with this reference' });
      return fromEntry(entry);
    },
  );

  const followUp = (action: 'capture' | 'void' | 'refunds') =>
    app.post<{ Params: { id: string }; Body: { amount: number; reference?: string } }>(
      `${PAYNET_SANDBOX_PREFIX}/transactions/:id/${action}`,
      { schema: { ...hidden, body: PaynetAmountSchema }, config: { rateLimited: false } },
      async (request, reply) => {
        if (!authorized(request, reply)) return reply;
        const { id } = request.params;
        const { amount, reference = id } = request.body;
        const answer =
          action === 'capture'
            ? await books.capture(id, amount)
            : action === 'void'
              ? await books.void(id)
              : await books.refund(id, reference, amount);
        return fromAnswer(answer, reference);
      },
    );
  followUp('capture');
  followUp('void');
  followUp('refunds');
}
