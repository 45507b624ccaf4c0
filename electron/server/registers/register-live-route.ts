import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryTopic } from '../core/live-hub.js';
import type { SseStreams } from '../live/sse-stream.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

/**
 * `GET /v2.0/register/live`: the live channel's `orders` topic of a register's store, for a register
 * attached to this server (its own credentials), as server-sent events. The register tells its own
 * screens of the store's online orders from it (registers/server-orders-feed.ts), so its pickup
 * queue follows the server's within a second.
 */
export function registerRegisterLiveRoute(app: FastifyInstance, ctx: ServiceContext, streams: SseStreams): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  app.get(
    '/v2.0/register/live',
    {
      config: { rateLimited: false },
      schema: {
        tags: ['registers'],
        summary: "The store's order.updated events, for a register attached to this server (server-sent events)",
        description: "text/event-stream of order.updated (the live channel's `orders` topic) for the register's store.",
        security: [{ register: [] }],
        response: failures(401, 429),
      },
    },
    async (request, reply) => {
      const register = await guard(request);
      await streams.stream(request, reply, [dispensaryTopic(register.dispensaryId, 'orders')]);
    },
  );
}
