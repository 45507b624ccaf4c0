import { createHash } from 'node:crypto';
import { invalidInput } from '../../../shared/errors.js';

/** A value that chooses a list's rows, as the list reads it (undefined: not given). */
export type FilterValue = string | number | boolean | undefined;

/**
 * The list a paging cursor belongs to: its name, every value that chooses its rows (the store, the
 * filters, a customer) as the list reads them, and the query parameter the cursor comes back in.
 * The page size is not part of it: a next page of another size neither skips nor repeats rows.
 */
export interface PagedList {
  /** The list, e.g. `tickets`: a cursor of one list is never read by another. */
  name: string;
  filter: Readonly<Record<string, FilterValue>>;
  /** The parameter that carries the cursor: `cursor` (the default) or `before`. */
  field?: string;
}

// The cursor's format, first in it: a cursor of another format is told apart, never misread.
const FORMAT = 2;

/** The list and its filters, as a short digest: equal filters give equal digests, whatever their order. */
function digestOf(list: PagedList): string {
  const given = Object.entries(list.filter)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([list.name, given]))
    .digest('base64url')
    .slice(0, 16);
}

/**
 * An opaque cursor for the API: where the last row shown was (`position`, in the list's order),
 * bound to the list and its filters. Reused with other filters it is refused, not read as a place
 * in another list, where it would skip or repeat rows (Stripe's `starting_after` is tied to its list
 * the same way).
 */
export function issueCursor(list: PagedList, position: readonly string[]): string {
  return Buffer.from(JSON.stringify([FORMAT, digestOf(list), ...position]), 'utf8').toString('base64url');
}

function parsed(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A cursor of the service before cursors were bound to their filters: `createdAt|id` (lists newest
 * first) or `["name","id"]` (products by name), both base64url.
 */
function unbound(cursor: string, value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 2 && value.every((part) => typeof part === 'string');
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return parts.length === 2 && parts[1] !== '' && !Number.isNaN(Date.parse(parts[0]!));
}

/**
 * The position a cursor of `issueCursor` names (`size` parts), when it was issued for this list
 * with these filters; refused in words otherwise: a cursor of other filters or of another list, one
 * of an earlier version of the service, or one the service never issued. Never thrown at as a fault.
 */
export function readCursor(list: PagedList, cursor: string, size: number): string[] {
  const field = list.field ?? 'cursor';
  const value = parsed(cursor);
  const ours = Array.isArray(value) && value[0] === FORMAT && value.length === size + 2 && value.slice(1).every(isText);
  if (ours && value[1] === digestOf(list)) return value.slice(2) as string[];
  if (ours) throw invalidInput(field, 'belongs to a list with other filters: start again from the first page');
  if (unbound(cursor, value)) {
    throw invalidInput(
      field,
      'is from an earlier version of the service, before cursors were tied to their filters: start again from the first page',
    );
  }
  throw notIssued(field);
}

/** The refusal of a cursor this service did not issue, carried in `field`. */
export const notIssued = (field = 'cursor') =>
  invalidInput(field, 'is not a nextCursor this service issued: start again from the first page');

const isText = (part: unknown): part is string => typeof part === 'string' && part !== '';
