import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { StateReporter } from './state-reporter.js';

/**
 * Sends the state records while the service listens (a test's inject sends nothing by itself),
 * reading the outbox every few seconds: records of every instance on the database, and retries
 * coming due.
 */
export function startStateReporting(app: FastifyInstance, ctx: ServiceContext): StateReporter {
  const reporter = new StateReporter(ctx.db, {
    now: ctx.now,
    onError: (error) => app.log.warn({ err: error }, 'state records could not be read or written'),
  });
  app.addHook('onListen', () => reporter.start());
  app.addHook('preClose', () => reporter.stop());
  return reporter;
}
