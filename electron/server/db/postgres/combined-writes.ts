import { nameOf, valuesOf, type WriteStep } from '../query.js';

/** A statement made of several writes, and its values. */
export interface CombinedWrite {
  sql: string;
  name: string;
  values: unknown[];
}

/** A combined statement's SQL and the name it is prepared under. */
type Shape = { sql: string; name: string };

/** The combined SQL of each sequence of statements seen, by their names: built once per shape. */
const combined = new Map<string, Shape>();

/** The shape `build` makes of `steps`, built once per sequence of statements (their names) in `cache`. */
function shapeOf(
  cache: Map<string, Shape>,
  steps: readonly WriteStep[],
  build: (steps: readonly WriteStep[]) => Shape,
) {
  const key = steps.map((step) => step.query.name).join(',');
  let shape = cache.get(key);
  if (!shape) {
    shape = build(steps);
    cache.set(key, shape);
  }
  return shape;
}

const valuesOfAll = (steps: readonly WriteStep[]) => steps.flatMap((step) => valuesOf(step.query, step.params));

/** `sql` with its placeholders `$1…$n` moved up by `offset`; checks that it holds `n` and nothing else. */
function shifted(sql: string, count: number, offset: number): string {
  let highest = 0;
  const moved = sql.replace(/\$(\d+)/g, (_match, digits: string) => {
    highest = Math.max(highest, Number(digits));
    return `$${Number(digits) + offset}`;
  });
  if (highest !== count) throw new Error(`a write of runAll holds a "$" that is not one of its placeholders: ${sql}`);
  return moved;
}

/** The steps' SQL, their placeholders numbered one after the other; and how many they hold. */
function parts(steps: readonly WriteStep[]): { parts: string[]; count: number } {
  let offset = 0;
  const sqls = steps.map(({ query }) => {
    if (/^\s*with\b/i.test(query.sql)) throw new Error(`a write of runAll cannot have its own WITH: ${query.sql}`);
    const part = shifted(query.sql, query.slots.length, offset);
    offset += query.slots.length;
    return part;
  });
  return { parts: sqls, count: offset };
}

const withClauses = (sqls: readonly string[]) => sqls.map((part, i) => `w${i} as (${part})`).join(', ');

function combine(steps: readonly WriteStep[]): Shape {
  const { parts: sqls } = parts(steps);
  const last = sqls.pop()!;
  const sql = sqls.length === 0 ? last : `with ${withClauses(sqls)} ${last}`;
  return { sql, name: nameOf(sql) };
}

/**
 * Every step a WITH clause, the last one answering a row per row it changed, under a query that
 * raises (migration 25's `servicepay_expect_changes`, SQLSTATE `STALE_WRITE`) unless it changed the
 * number of rows given as the last value: the whole statement then fails and writes nothing.
 */
function guard(steps: readonly WriteStep[]): Shape {
  const { parts: sqls, count } = parts(steps);
  const last = sqls.length - 1;
  if (/\breturning\b/i.test(sqls[last]!))
    throw new Error(`the last write of writeSteps answers rows already: ${sqls[last]}`);
  sqls[last] = `${sqls[last]} returning 1`;
  const sql = `with ${withClauses(sqls)} select servicepay_expect_changes((select count(*) from w${last}), $${count + 1}) as changed`;
  return { sql, name: nameOf(sql) };
}

/** PostgreSQL's SQLSTATE for a write of `guardedWrite` that changed another number of rows. */
export const STALE_WRITE = 'SPW01';

/** The shape of each sequence of steps guarded, by their names. */
const guarded = new Map<string, Shape>();

/**
 * Several writes as one statement (as `combinedWrite`) that fails whole unless the last one
 * changed `lastChanges` rows (`DataLayer.writeSteps`).
 */
export function guardedWrite(steps: readonly WriteStep[], lastChanges: number): CombinedWrite {
  return { ...shapeOf(guarded, steps, guard), values: [...valuesOfAll(steps), lastChanges] };
}

/**
 * Several writes as ONE statement: all but the last become data-modifying WITH clauses of the last.
 * PostgreSQL runs each exactly once, on one snapshot, and checks foreign keys at the statement's
 * end, so an order's lines may name the order inserted beside them. The writes must not read what
 * another of them writes (none sees the others' rows). One round trip instead of one per write.
 */
export function combinedWrite(steps: readonly WriteStep[]): CombinedWrite {
  return { ...shapeOf(combined, steps, combine), values: valuesOfAll(steps) };
}
