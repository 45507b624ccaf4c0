import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import { LIVE_TOPICS, type LiveTopic } from '../../../shared/contracts/live.js';
import { ServicePayError } from '../../../shared/errors.js';
import { isTerminalId } from '../../../shared/terminal-id.js';
import type { AuthService } from '../auth/auth-service.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { dispensaryTopic } from '../core/live-hub.js';
import type { SseStreams } from './sse-stream.js';

/** Parses `orders,payments,display:front-1` into topic names, checking each against its permission. */
function parseTopics(text: string, request: FastifyRequest): { name: LiveTopic; key: string }[] {
  const principal = request.principal!;
  const topics = text.split(',').map((part) => part.trim());
  return topics.map((topic, index) => {
    const [name, terminal, ...rest] = topic.split(':');
    const field = `topics[${index}]`;
    if (!name || !(name in LIVE_TOPICS) || rest.length > 0) {
      throw new ServicePayError('INVALID_INPUT', `${field} must be one of ${Object.keys(LIVE_TOPICS).join(', ')}`, {
        field: 'topics',
      });
    }
    const live = name as LiveTopic;
    if ((live === 'display') !== (terminal !== undefined) || (terminal !== undefined && !isTerminalId(terminal))) {
      throw new ServicePayError('INVALID_INPUT', `${field} must be display:<terminal id> for display, and only then`, {
        field: 'topics',
      });
    }
    const permission = LIVE_TOPICS[live];
    // The cashier's window follows its own display too: ticket:create stands in for display:pole.
    const allowed =
      principal.permissions.has(permission) || (live === 'display' && principal.permissions.has('ticket:create'));
    if (!allowed) throw new ServicePayError('FORBIDDEN', `the ${principal.role} role may not follow ${topic}`);
    return { name: live, key: live === 'display' ? `display:${terminal}` : live };
  });
}

/** `GET /v2.0/dispensary/<short>/live?topics=…`: the live channel as server-sent events. */
export function registerLiveRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService, streams: SseStreams) {
  const dispensaries = new DispensaryRepository(ctx.db);
  app.get<{ Params: { dispensaryShortName: string }; Querystring: { topics: string } }>(
    '/v2.0/dispensary/:dispensaryShortName/live',
    {
      onRequest: auth.guard({}),
      config: { rateLimited: false },
      schema: {
        tags: ['live'],
        summary: 'Follow orders, payments or a pole display as server-sent events',
        description:
          'text/event-stream. Events: order.updated (orders), payment.updated (payments), display.state (display:<terminal>), ' +
          'catalog.changed, stock.changed and deals.changed (catalog), count.changed (counts), store.changed (store), link.updated (link), drawer.updated (drawers). ' +
          'Send the bearer token in the Authorization header.',
        security: [{ bearer: [] }],
        params: Type.Object({ dispensaryShortName: Type.String() }),
        querystring: Type.Object({ topics: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: failures(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      const topics = parseTopics(request.query.topics, request);
      const initial = async () =>
        (await Promise.all(topics.map((topic) => ctx.live.snapshot(dispensary.id, topic.key)))).flat();
      await streams.stream(
        request,
        reply,
        topics.map((topic) => dispensaryTopic(dispensary.id, topic.key)),
        initial,
      );
    },
  );
}
