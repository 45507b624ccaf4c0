import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False to leave a route out of rate limiting (health checks, pages, event streams). */
    rateLimited?: boolean;
  }
}

/**
 * Who a request is charged to: the API client whose secret was checked, else the subject of the
 * verified bearer token, else the address. Headers a caller merely sends never choose the budget.
 */
function identityOf(request: FastifyRequest): string {
  if (request.apiClient) return `client:${request.apiClient.clientId}`;
  if (request.principal) return `${request.principal.kind}:${request.principal.subjectId}`;
  return `address:${request.ip}`;
}

/** Runs one route hook, async or callback style, as a promise. */
function runHook(hook: onRequestHookHandler, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => (error ? reject(error) : resolve());
    const result: unknown = hook.call(app, request, reply, done);
    if (result instanceof Promise) result.then(() => resolve(), reject);
  });
}

/**
 * Fixed-window request limit per verified identity (see identityOf). A route's own onRequest hooks
 * (the auth guard) run first; the request is then charged to whoever they verified, and a request
 * they refuse is charged to its address, so made-up credentials never buy a fresh allowance. In
 * memory: the limit is per service instance.
 */
export function registerRateLimit(app: FastifyInstance, limit: { max: number; windowMs: number }): void {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (now - window.start >= limit.windowMs) windows.delete(key);
  }, limit.windowMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  function charge(request: FastifyRequest, reply: FastifyReply, key: string): void {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || now - window.start >= limit.windowMs) {
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    reply.header('x-ratelimit-limit', String(limit.max));
    reply.header('x-ratelimit-remaining', String(Math.max(0, limit.max - window.count)));
    if (window.count > limit.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000));
      throw new ServicePayError(
        'RATE_LIMITED',
        `too many requests from this caller: at most ${limit.max} per ${limit.windowMs / 1000} s; retry after ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
  }

  app.addHook('onRoute', (route) => {
    const own = [route.onRequest ?? []].flat() as onRequestHookHandler[];
    route.onRequest = async function limited(request, reply) {
      if (request.routeOptions.config.rateLimited === false) {
        for (const hook of own) await runHook(hook, this, request, reply);
        return;
      }
      try {
        for (const hook of own) await runHook(hook, this, request, reply);
      } catch (error) {
        charge(request, reply, identityOf(request));
        throw error;
      }
      charge(request, reply, identityOf(request));
    };
  });
  // Unknown URLs have no route of their own: charged to the address.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) charge(request, reply, identityOf(request));
  });
}
