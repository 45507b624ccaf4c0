import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../../../shared/errors.js';

/** The first field (`items[0].name`, `dispensaryShortName`) whose text holds U+0000, if any. */
export function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses text holding a NUL character (U+0000) in the path, query or body, before validation: no
 * field of ours may contain one, and PostgreSQL cannot store or even compare such text, so it
 * would otherwise fail deep in a query instead of being named here.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
    if (field !== undefined) throw invalidInput(field || 'body', 'must not contain a NUL character (U+0000)');
  });
}
