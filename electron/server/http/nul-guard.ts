import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../../../shared/errors.js';

/** How deep arrays and objects may nest in request input: no field of this API nests past a few. */
export const MAX_INPUT_DEPTH = 64;

/** A value still to look at: its key in its parent (the root's: the path given), and its depth. */
interface Pending {
  value: unknown;
  parent: Pending | null;
  key: string | number;
  depth: number;
}

/**
 * The first field (`items[0].name`, `dispensaryShortName`) whose text holds U+0000, if any. The
 * walk keeps its own stack rather than recursing, so no input can overflow the call stack, and it
 * refuses input nested deeper than MAX_INPUT_DEPTH (naming `part`, what the input is). A field's
 * path is written only for the one found (every request's body is walked).
 */
export function fieldWithNul(value: unknown, path: string, part = 'request body'): string | undefined {
  const stack: Pending[] = [{ value, parent: null, key: path, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: here, depth } = next;
    if (typeof here === 'string') {
      if (here.includes('\u0000')) return pathOf(next);
      continue;
    }
    if (!here || typeof here !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw invalidInput(
        `the ${part}`,
        `is nested deeper than ${MAX_INPUT_DEPTH} levels of arrays and objects; no field here nests that deep`,
      );
    }
    // Pushed last first: the first child is looked at first.
    if (Array.isArray(here)) {
      for (let at = here.length - 1; at >= 0; at -= 1) {
        stack.push({ value: here[at], parent: next, key: at, depth: depth + 1 });
      }
    } else {
      const keys = Object.keys(here);
      for (let at = keys.length - 1; at >= 0; at -= 1) {
        const key = keys[at]!;
        stack.push({ value: (here as Record<string, unknown>)[key], parent: next, key, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** `items[0].name`: the keys from the root (whose key is the path the walk began with) down to `found`. */
function pathOf(found: Pending): string {
  const down: Pending[] = [];
  let root = found;
  for (; root.parent; root = root.parent) down.push(root);
  let path = String(root.key);
  for (let at = down.length - 1; at >= 0; at -= 1) {
    const { key } = down[at]!;
    path = typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  }
  return path;
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
