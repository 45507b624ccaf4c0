import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False to leave a route out of rate limiting (health checks). */
    rateLimited?: boolean;
  }
}

/**
 * Fixed-window request limit per client: the `client_id` header and the remote address together,
 * so a caller cannot spend another client's budget by sending its id. In memory: limits are per
 * service instance, which is what a terminal-local service needs.
 */
export function registerRateLimit(app: FastifyInstance, limit: { max: number; windowMs: number }): void {
  const windows = new Map<string, { start: number; count: number }>();
  const keyOf = (request: FastifyRequest) => `${String(request.headers.client_id ?? '-')}|${request.ip}`;
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (now - window.start >= limit.windowMs) windows.delete(key);
  }, limit.windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.rateLimited === false) return;
    const now = Date.now();
    const key = keyOf(request);
    let window = windows.get(key);
    if (!window || now - window.start >= limit.windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    const remaining = Math.max(0, limit.max - window.count);
    reply.header('x-ratelimit-limit', String(limit.max));
    reply.header('x-ratelimit-remaining', String(remaining));
    if (window.count > limit.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000));
      throw new ServicePayError(
        'RATE_LIMITED',
        `too many requests from this client: at most ${limit.max} per ${limit.windowMs / 1000} s; retry after ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
  });
}
