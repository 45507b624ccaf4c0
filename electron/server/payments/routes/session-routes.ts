import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import {
  PayResponseSchema,
  SessionRequestSchema,
  SessionResponseSchema,
  type SessionRequest,
  type SessionUpdate,
} from '../../../../shared/contracts/payment.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { SseFrame } from '../../../../shared/sse.js';
import type { SseStreams } from '../../live/sse-stream.js';
import { withPermittedMethods } from '../config/permitted-methods.js';
import { sessionTopic } from '../pay/payment-events.js';
import { SELECT_OPTIONS, type SelectOption, type SessionActions } from '../sessions/session-actions.js';
import type { OrderFollowers } from '../sessions/order-followers.js';
import type { SessionService } from '../sessions/session-service.js';
import { BEARER, principalWith, SessionParams, TAGS } from './route-helpers.js';

const JSON_BODY = { consumes: ['application/json'] };
const success = <T extends object>(body: T) => ({ resultCode: 'SUCCESS' as const, resultReason: null, ...body });

/** Sessions: open (or reuse), read, follow live, record the picked option, cancel. */
export function registerSessionRoutes(
  app: FastifyInstance,
  auth: AuthService,
  sessions: SessionService,
  actions: SessionActions,
  streams: SseStreams,
  orders: OrderFollowers,
): void {
  const guard = auth.guard({});
  const common = { tags: TAGS, security: BEARER };

  app.post<{ Body: SessionRequest }>(
    '/v2.0/payments/sessions',
    {
      onRequest: guard,
      config: JSON_BODY,
      schema: {
        ...common,
        summary: 'Open a payment session for a payment event (spec 2.5)',
        description:
          'Answers 201 with a new session, or 200 with the open one when the same event is sent again (`reused`).',
        body: SessionRequestSchema,
        response: {
          200: SessionResponseSchema,
          201: SessionResponseSchema,
          ...failures(400, 401, 403, 404, 409, 415),
        },
      },
    },
    async (request, reply) => {
      const principal = principalWith(request, 'payment:create', 'invoice:create');
      const session = await sessions.open(request.body, principal);
      return reply.code(session.reused ? 200 : 201).send(withPermittedMethods(success({ session }), principal));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v2.0/payments/sessions/:id',
    {
      onRequest: guard,
      schema: {
        ...common,
        summary: 'A payment session now',
        params: SessionParams,
        response: { 200: SessionResponseSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'payment:create', 'invoice:create');
      return withPermittedMethods(success({ session: await sessions.get(request.params.id, principal) }), principal);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v2.0/payments/sessions/:id/events',
    {
      onRequest: guard,
      config: { rateLimited: false },
      schema: {
        ...common,
        summary: 'Follow a payment session as server-sent events',
        description:
          'text/event-stream of `session.updated` (SessionUpdate), the current state first (with the payment that changed last, or the cancel record of a session canceled with none under way), again when its order changes (a payment, its lines edited); also `payment.option_selected`.',
        params: SessionParams,
        response: failures(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const principal = principalWith(request, 'payment:create', 'invoice:create');
      // Refuses an unknown or foreign session before the stream opens.
      const { sessionId } = await sessions.get(request.params.id, principal);
      // Each follower sees the methods its own token may take.
      const seen = (update: SessionUpdate) => JSON.stringify(withPermittedMethods(update, principal));
      const transform = (frame: SseFrame) =>
        frame.event === 'session.updated' ? { ...frame, data: seen(JSON.parse(frame.data) as SessionUpdate) } : frame;
      // The first frame tells how the session stands with the payment that made it so (the approval
      // that completed it, the cancel that ended it): a widget that follows it again reports that once.
      const current = async (): Promise<SseFrame[]> => [
        { event: 'session.updated', data: seen(await actions.current(sessionId, principal)) },
      ];
      await streams.stream(request, reply, [sessionTopic(sessionId)], current, transform);
      // Its order's changes with no payment (lines edited) reach it as session.updated too.
      const stop = await orders.follow(sessionId);
      if (reply.raw.closed) stop();
      else reply.raw.once('close', stop);
    },
  );

  app.post<{ Params: { id: string }; Body: { option: SelectOption } }>(
    '/v2.0/payments/sessions/:id/select',
    {
      onRequest: guard,
      config: JSON_BODY,
      schema: {
        ...common,
        summary: 'Record the option the customer picked (publishes payment.option_selected)',
        params: SessionParams,
        body: Type.Object({ option: Type.Enum(SELECT_OPTIONS) }, { additionalProperties: false }),
        response: { 200: SessionResponseSchema, ...failures(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const principal = principalWith(request, 'payment:create', 'invoice:create');
      const session = await actions.select(request.params.id, request.body.option, principal);
      return withPermittedMethods(success({ session }), principal);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/v2.0/payments/sessions/:id/cancel',
    {
      onRequest: auth.guard({ permission: 'payment:cancel' }),
      schema: {
        ...common,
        summary: 'Cancel a session and its pending payment',
        description:
          'Answers the canceled payment record that PAYMENT_CANCELED delivers. A payment already at the processor cannot be canceled (409).',
        params: SessionParams,
        response: { 200: PayResponseSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      withPermittedMethods(await actions.cancel(request.params.id, request.principal!), request.principal!),
  );
}
