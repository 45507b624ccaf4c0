import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { WebhookDispatcher } from './dispatcher.js';
import type { WebhookOutbox } from './outbox.js';

/**
 * Sends webhook deliveries while the service listens (a test's inject sends nothing by itself):
 * woken by every event written here, and reading the queue every second for the retries coming
 * due and the events other instances wrote.
 */
export function startWebhookDelivery(
  app: FastifyInstance,
  ctx: ServiceContext,
  outbox: WebhookOutbox,
): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher(ctx.db, {
    now: ctx.now,
    pollMs: ctx.config.webhookPollMs,
    timeoutMs: ctx.config.webhookTimeoutMs,
    onError: (error) => app.log.warn({ err: error }, 'webhook deliveries could not be read or written'),
    onDisabled: (endpointId) =>
      app.log.warn({ endpointId }, 'webhook endpoint disabled: its deliveries kept failing for 3 days'),
  });
  outbox.onRecorded = () => dispatcher.wake();
  app.addHook('onListen', () => dispatcher.start());
  app.addHook('preClose', () => dispatcher.stop());
  return dispatcher;
}
