import type { FastifyInstance } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types the route's body may have (checked before parsing; 415 otherwise). */
    consumes?: readonly string[];
  }
}

/** One structured log line per answered request, and the Content-Type guard of each route. */
export function registerRequestHooks(app: FastifyInstance): void {
  // Checked before the body is parsed, and after the route's own hooks (auth, rate limit), so a
  // request of the wrong type is still charged to whoever sent it.
  app.addHook('preParsing', async (request) => {
    const consumes = request.routeOptions.config.consumes;
    if (!consumes || request.method === 'GET' || request.method === 'HEAD') return;
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!consumes.includes(mediaType)) {
      throw new ServicePayError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Content-Type must be ${consumes.join(' or ')}${mediaType ? `, not ${mediaType}` : ''}`,
        { field: 'Content-Type' },
      );
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
  });
}
