import type { Compilable, CompiledQuery, Insertable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The typed query builder of one engine: repositories build every query with it. */
export type Builder = Kysely<Database>;

/** Where a named parameter goes in a prepared query (Kysely puts it there as a value). */
class ParamRef {
  constructor(readonly name: string) {}
}

/** Where a column of one row of a prepared multi-row insert goes. */
class RowRef {
  constructor(
    readonly row: number,
    readonly column: string,
  ) {}
}

/** One placeholder of a compiled query: a named parameter, a row's column, or a constant. */
type Slot = { param: string } | { row: number; column: string } | { constant: unknown };

/**
 * A query built and compiled ONCE for one engine, then run many times with named parameters. This
 * is what keeps the typed builder off the hot path: building and compiling a query costs about
 * 10 µs, running a cached statement about 3 µs.
 */
export interface Prepared<P, R> {
  readonly sql: string;
  readonly slots: readonly Slot[];
  /** Unique per SQL text: the name of PostgreSQL's server-side prepared statement. */
  readonly name: string;
  /** Phantom: the parameters and row type, for the compiler only. */
  readonly types?: { params: P; row: R };
}

/** The arguments of a prepared query: none when it takes no parameters. */
export type ParamArgs<P> = keyof P extends never ? [] : [params: P];

/** Something queries run on: the data layer itself (autocommit reads) or a write transaction. */
export interface Queryable {
  /** Every row of a prepared query, or of a query built for this call. */
  all<P, R>(query: Prepared<P, R>, ...params: ParamArgs<P>): Promise<R[]>;
  all<R>(query: Compilable<R> | CompiledQuery<R>): Promise<R[]>;
  /** The first row, or undefined. */
  first<P, R>(query: Prepared<P, R>, ...params: ParamArgs<P>): Promise<R | undefined>;
  first<R>(query: Compilable<R> | CompiledQuery<R>): Promise<R | undefined>;
  /** Runs a write; resolves with how many rows it changed. */
  run<P>(query: Prepared<P, unknown>, ...params: ParamArgs<P>): Promise<number>;
  run(query: Compilable<unknown> | CompiledQuery<unknown>): Promise<number>;
  /**
   * Runs writes that depend on nothing another of them answers, in order, as few round trips as
   * the engine allows (one statement on PostgreSQL; SQLite runs them one by one in process). A
   * failing one fails the whole call. Resolves with how many rows the last one changed (the
   * others' counts are not answered).
   */
  runAll(steps: readonly WriteStep[]): Promise<number>;
}

/** One write of `Queryable.runAll`: a prepared statement and its parameters (see `writeStep`). */
export interface WriteStep {
  readonly query: Prepared<unknown, unknown>;
  readonly params: unknown;
}

/**
 * A write of `DataLayer.writeSteps` whose last step changed another number of rows than the caller
 * read it would (another writer got there between the read and the write): nothing was written.
 */
export class StaleWriteError extends Error {
  constructor(
    readonly expected: number,
    readonly changed: number | undefined,
  ) {
    super(
      `the write expected its last step to change ${expected} rows and it changed ${changed ?? 'another number'}; nothing was written`,
    );
    this.name = 'StaleWriteError';
  }
}

/** A prepared write with its parameters, checked against each other, for `Queryable.runAll`. */
export function writeStep<P>(query: Prepared<P, unknown>, ...params: ParamArgs<P>): WriteStep {
  return { query: query as Prepared<unknown, unknown>, params: params[0] };
}

/** What an engine returns for one statement. */
export interface StatementResult {
  rows: unknown[];
  changes: number;
}

let statementCount = 0;
const names = new Map<string, string>();

/** The name of PostgreSQL's server-side prepared statement for `sql`: one per SQL text. */
export function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    statementCount += 1;
    name = `sp${statementCount}`;
    names.set(sql, name);
  }
  return name;
}

/** A prepared query's SQL and placeholders. */
type PreparedText = Pick<Prepared<unknown, unknown>, 'sql' | 'slots' | 'name'>;

/**
 * A query compiled the first time it runs, then kept. A service prepares every query of every
 * repository when it starts (a thousand and more); most processes run a few of them, and compiling
 * the rest was a seventh of a start.
 */
class PreparedOnFirstUse<P, R> implements Prepared<P, R> {
  private text: PreparedText | undefined;

  constructor(private readonly compile: () => PreparedText) {}

  private get compiled(): PreparedText {
    this.text ??= this.compile();
    return this.text;
  }

  get sql(): string {
    return this.compiled.sql;
  }

  get slots(): readonly Slot[] {
    return this.compiled.slots;
  }

  get name(): string {
    return this.compiled.name;
  }
}

/**
 * Builds and compiles a query once, when it first runs. `build` receives the builder and a
 * parameter object whose properties stand for the values given at run time: `(k, p: { id: string })
 * => k.selectFrom('orders').selectAll().where('id', '=', p.id)`. Parameters must be single values
 * (a list for `in` is built per call instead).
 */
export function prepare<P extends object, R>(
  builder: Builder,
  build: (k: Builder, p: P) => Compilable<R>,
): Prepared<P, R> {
  return new PreparedOnFirstUse(() => {
    const refs = new Proxy({} as P, {
      get: (_target, property) => new ParamRef(String(property)),
    });
    const compiled = build(builder, refs).compile();
    return { sql: compiled.sql, slots: compiled.parameters.map(toSlot), name: nameOf(compiled.sql) };
  });
}

function toSlot(value: unknown): Slot {
  if (value instanceof ParamRef) return { param: value.name };
  if (value instanceof RowRef) return { row: value.row, column: value.column };
  return { constant: value };
}

/** The rows a prepared multi-row insert writes. */
export interface InsertRows<T extends keyof Database> {
  rows: readonly Insertable<Database[T]>[];
}

/**
 * An insert of exactly `count` rows of `columns` into `table`, compiled once: one statement (one
 * round trip on PostgreSQL) for a ticket's lines. Run it with `{ rows }` of that length.
 */
export function prepareInsertRows<T extends keyof Database & string>(
  builder: Builder,
  table: T,
  columns: readonly (keyof Insertable<Database[T]> & string)[],
  count: number,
): Prepared<InsertRows<T>, never> {
  const rows = Array.from({ length: count }, (_, row) =>
    Object.fromEntries(columns.map((column) => [column, new RowRef(row, column)])),
  );
  // The values are placeholders standing for each row's columns, not the table's types.
  const compiled = builder
    .insertInto(table)
    .values(rows as unknown as Insertable<Database[T]>[])
    .compile();
  return { sql: compiled.sql, slots: compiled.parameters.map(toSlot), name: nameOf(compiled.sql) };
}

/**
 * A value as both engines store it: flags are 0/1 integers, and a missing optional value is NULL.
 * The one place where JavaScript values become column values.
 */
export function toColumnValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function slotValue(slot: Slot, named: Record<string, unknown>): unknown {
  if ('param' in slot) return named[slot.param];
  if ('row' in slot) return (named.rows as Record<string, unknown>[])[slot.row]![slot.column];
  return slot.constant;
}

function isPrepared(query: object): query is Prepared<unknown, unknown> {
  return 'slots' in query;
}

/**
 * The part of Queryable every engine shares: turning prepared or built queries into SQL and values.
 * An engine only says how one statement runs.
 */
export abstract class QueryRunner implements Queryable {
  protected abstract execute(sql: string, values: unknown[], name: string | undefined): Promise<StatementResult>;

  private statement(query: object, params: unknown): Promise<StatementResult> {
    if (isPrepared(query)) return this.execute(query.sql, valuesOf(query, params), query.name);
    // A query built for this call, or already compiled (`sql` templates, compiled by their caller).
    const compiled = 'compile' in query ? (query as Compilable<unknown>).compile() : (query as CompiledQuery);
    return this.execute(compiled.sql, compiled.parameters.map(toColumnValue), undefined);
  }

  all<P, R>(query: Prepared<P, R>, ...params: ParamArgs<P>): Promise<R[]>;
  all<R>(query: Compilable<R> | CompiledQuery<R>): Promise<R[]>;
  all(query: object, params?: unknown): Promise<never[]> {
    return this.statement(query, params).then((result) => result.rows as never[]);
  }

  first<P, R>(query: Prepared<P, R>, ...params: ParamArgs<P>): Promise<R | undefined>;
  first<R>(query: Compilable<R> | CompiledQuery<R>): Promise<R | undefined>;
  first(query: object, params?: unknown): Promise<never> {
    return this.statement(query, params).then((result) => result.rows[0] as never);
  }

  run<P>(query: Prepared<P, unknown>, ...params: ParamArgs<P>): Promise<number>;
  run(query: Compilable<unknown> | CompiledQuery<unknown>): Promise<number>;
  run(query: object, params?: unknown): Promise<number> {
    return this.statement(query, params).then((result) => result.changes);
  }

  /** One statement after the other; an engine that can send them as one overrides this. */
  async runAll(steps: readonly WriteStep[]): Promise<number> {
    let changes = 0;
    for (const step of steps) changes = (await this.statement(step.query, step.params)).changes;
    return changes;
  }
}

/** The values of a prepared query's placeholders, in order, for `params`. */
export function valuesOf(query: Prepared<unknown, unknown>, params: unknown): unknown[] {
  const named = (params ?? {}) as Record<string, unknown>;
  return query.slots.map((slot) => toColumnValue(slotValue(slot, named)));
}
