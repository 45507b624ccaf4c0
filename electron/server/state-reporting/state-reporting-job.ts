import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { StateReporter } from './state-reporter.js';

/**
 * Sends the state records while the service listens (a test's inject sends nothing by itself):
 * woken by every record written here (`wake`, which app.ts hands the outboxes), and reading the
 * outbox every 2 s for the retries coming due, the records other instances wrote and those
 * registers forwarded.
 */
export function startStateReporting(app: FastifyInstance, ctx: ServiceContext): StateReporter {
  const reporter = new StateReporter(ctx.db, {
    now: ctx.now,
    pollMs: ctx.config.statePollMs,
    onError: (error) => app.log.warn({ err: error }, 'state records could not be read or written'),
  });
  app.addHook('onListen', () => reporter.start());
  app.addHook('preClose', () => reporter.stop());
  return reporter;
}
