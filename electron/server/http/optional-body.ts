import type { FastifyRequest } from 'fastify';

/**
 * A route whose JSON body is optional (`{reason?}` of a void or cancel, `{amount?}` of a refund):
 * a request sent without one is validated as `{}`, so leaving the body out stays a valid call.
 * Fastify's `preValidation` hook, run before the schema check.
 */
export async function optionalBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
  return Promise.resolve();
}
