import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import { PAYMENT_STATUSES } from '../../../../shared/contracts/payment.js';
import {
  PaymentPageSchema,
  PaymentSummarySchema,
  RefundRequestSchema,
  ReversalResponseSchema,
  type RefundRequest,
} from '../../../../shared/contracts/payment-reports.js';
import { ReasonRequestSchema, type ReasonRequest } from '../../../../shared/contracts/audit.js';
import { auditActor } from '../../core/audit-actor.js';
import { optionalBody } from '../../http/optional-body.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { Principal } from '../../core/principal.js';
import type { Queryable } from '../../db/query.js';
import { canonicalHash } from '../../tickets/canonical-hash.js';
import type { Reversals } from '../pay/reversals.js';
import type { ListFilters, PaymentReports } from '../reports/payment-reports.js';
import { entityDispensary } from '../sessions/order-lookup.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { RefundAccess } from './refund-access.js';
import { BEARER, ownedPayment, PaymentParams, TAGS } from './route-helpers.js';

const RefundHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        'Optional. A retry with the same key and body answers the same refund (never a second); another body is 409.',
    }),
  ),
});

const ListQuery = Type.Object({
  dispensaryShortName: Type.String({ minLength: 1, maxLength: 10 }),
  ticketAlphaNumId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' })),
  status: Type.Optional(Type.Enum(PAYMENT_STATUSES)),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or after (ISO 8601).' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'Created before (ISO 8601).' })),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  cursor: Type.Optional(
    Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
  ),
});

const SummaryQuery = Type.Object({
  dispensaryShortName: Type.String({ minLength: 1, maxLength: 10 }),
  date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Local date; default today.' })),
});

/** Listing, the daily summary, void and refund (the back office; a return at the POS counter). */
export function registerReportRoutes(
  app: FastifyInstance,
  auth: AuthService,
  db: Queryable,
  store: PaymentStore,
  reports: PaymentReports,
  reversals: Reversals,
  refundAccess: RefundAccess,
): void {
  const common = { tags: TAGS, security: BEARER };
  const owned = (paymentId: string, principal: Principal) => ownedPayment(store, db, paymentId, principal);

  app.get<{ Querystring: ListFilters & { dispensaryShortName: string } }>(
    '/v2.0/payments',
    {
      onRequest: auth.guard({ permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'Payments of a dispensary, newest first',
        querystring: ListQuery,
        response: { 200: PaymentPageSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { dispensaryShortName, ...filters } = request.query;
      return reports.list(await entityDispensary(store, request.principal!, dispensaryShortName), filters);
    },
  );

  app.get<{ Querystring: { dispensaryShortName: string; date?: string } }>(
    '/v2.0/payments/summary',
    {
      onRequest: auth.guard({ permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: "A day's approved totals by method and by hour (the store's time zone)",
        querystring: SummaryQuery,
        response: { 200: PaymentSummarySchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { dispensaryShortName, date } = request.query;
      const dispensary = await entityDispensary(store, request.principal!, dispensaryShortName);
      // Through the report source: the read replica when one is set and fresh enough.
      const read = await app.reportSource.read((from) => reports.summary(dispensary, date, from));
      return { ...read.value, readFrom: read.from, asOf: read.asOf, fallback: read.fallback };
    },
  );

  app.post<{ Params: { paymentId: string }; Body: ReasonRequest | undefined }>(
    '/v2.0/payments/:paymentId/void',
    {
      onRequest: auth.guard({ permission: 'payment:refund' }),
      preValidation: optionalBody,
      schema: {
        ...common,
        summary: 'Void an approved payment at its processor',
        description: 'An optional body `{reason}` says why; the audit trail keeps it with who voided.',
        params: PaymentParams,
        body: ReasonRequestSchema,
        response: { 200: ReversalResponseSchema, ...failures(400, 401, 403, 404, 409, 415, 503) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      await owned(request.params.paymentId, principal);
      const by = { actor: auditActor(principal), reason: request.body?.reason ?? '' };
      const payment = await reversals.void(request.params.paymentId, by);
      return { resultCode: 'SUCCESS' as const, resultReason: null, payment: toPaymentRecord(payment), refund: null };
    },
  );

  app.post<{
    Params: { paymentId: string };
    Body: RefundRequest | undefined;
    Headers: { 'idempotency-key'?: string };
  }>(
    '/v2.0/payments/:paymentId/refund',
    {
      // `payment:refund`, or a cashier at a register returning items with a manager's PIN: the
      // handler asks RefundAccess, the one place that rule lives.
      onRequest: auth.guard({ permission: 'payment:create' }),
      preValidation: optionalBody,
      schema: {
        ...common,
        summary: 'Refund an approved, captured payment (all that is left when amount is omitted)',
        description:
          "A manager or admin (`payment:refund`) refunds any amount or lines. A cashier signed in at a register refunds by `lines` only, with a `reason` and a manager's `approval` (username and PIN); the audit trail names both.",
        params: PaymentParams,
        headers: RefundHeaders,
        body: RefundRequestSchema,
        response: { 200: ReversalResponseSchema, ...failures(400, 401, 403, 404, 409, 415, 503) },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const { approver, byPin } = await refundAccess.approval(
        principal,
        await owned(request.params.paymentId, principal),
        request.body,
      );
      // The cashier's words stay theirs; the manager who approved is the service's note (`details`),
      // and the approver of the stock a restock puts back (`approvedBy`).
      const details = byPin ? `Approved by ${approver.name}` : undefined;
      const by = { actor: auditActor(principal), reason: request.body?.reason ?? '', details, approvedBy: approver };
      const key = request.headers['idempotency-key'];
      // The PIN is no part of what a retry repeats: a retry approved by another manager is the same refund.
      const { approval: _approval, ...asked } = request.body ?? {};
      const keyed = key === undefined ? undefined : { key, hash: canonicalHash(asked) };
      const { amount, lines, restock, rest } = request.body ?? {};
      const made = await reversals.refund(request.params.paymentId, { amount, lines, restock, rest }, by, keyed);
      if (made.replayed) reply.header('idempotent-replayed', 'true');
      // A return split over payments (`rest`) answers each other payment with its refund.
      const others = made.rest.map((part) => ({ payment: toPaymentRecord(part.payment), refund: part.refund }));
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        payment: toPaymentRecord(made.payment),
        refund: made.refund,
        ...(rest ? { rest: others } : {}),
      };
    },
  );
}
