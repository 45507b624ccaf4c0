import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../../../shared/errors.js';

/** How deep arrays and objects may nest in request input: no field of this API nests past a few. */
export const MAX_INPUT_DEPTH = 64;

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/**
 * The first field (`items[0].name`, `dispensaryShortName`) whose text holds U+0000, if any. The
 * walk keeps its own stack rather than recursing, so no input can overflow the call stack, and it
 * refuses input nested deeper than MAX_INPUT_DEPTH (naming `part`, what the input is).
 */
export function fieldWithNul(value: unknown, path: string, part = 'request body'): string | undefined {
  const stack: Pending[] = [{ value, path, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
      continue;
    }
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth >= MAX_INPUT_DEPTH) {
      throw invalidInput(
        `the ${part}`,
        `is nested deeper than ${MAX_INPUT_DEPTH} levels of arrays and objects; no field here nests that deep`,
      );
    }
    stack.push(...children(next).reverse()); // reversed: the first child is looked at first
  }
  return undefined;
}

function children({ value, path, depth }: Pending): Pending[] {
  if (Array.isArray(value))
    return value.map((item, index) => ({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
  return Object.entries(value as object).map(([key, item]) => ({
    value: item,
    path: path ? `${path}.${key}` : key,
    depth: depth + 1,
  }));
}

/**
 * Refuses text holding a NUL character (U+0000) in the path, query or body, before validation: no
 * field of ours may contain one, and PostgreSQL cannot store or even compare such text, so it
 * would otherwise fail deep in a query instead of being named here. Input nested too deep is
 * refused here too, before validation or a handler walks it.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      fieldWithNul(request.params, '', 'URL path') ??
      fieldWithNul(request.query, '', 'query string') ??
      fieldWithNul(request.body, '');
    if (field !== undefined) throw invalidInput(field || 'body', 'must not contain a NUL character (U+0000)');
  });
}
