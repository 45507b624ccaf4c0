import type { Database, Statement } from 'better-sqlite3';
import type { StatementResult } from '../query.js';

/** Distinct SQL texts kept prepared; past it the least recently added is dropped (dynamic `IN` lists). */
const MAX_STATEMENTS = 512;

type Row = Record<string, unknown>;

/** A prepared statement, and for one that answers rows, how a row's values become an object. */
interface Cached {
  statement: Statement;
  reader: boolean;
  /** The columns `toRow` names, by count (see `rowsOf`). */
  width: number;
  toRow: (values: unknown[]) => Row;
}

/**
 * A function building a row object from its values in column order, as one object literal: the
 * rows of a statement then share one shape, built in JavaScript. better-sqlite3's own objects add
 * each column by name from C++, which took as long as the query itself on a 20-line quote's
 * packages (27 columns: 165 µs a read, 89 µs this way; tests/bench/README.md). The names are
 * written as JSON strings, so any alias is a plain key; a column named `__proto__` (which a literal
 * would take for the prototype) is set as an own property instead.
 */
export function rowBuilder(names: readonly string[]): (values: unknown[]) => Row {
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Row = {};
      names.forEach((name, at) =>
        Object.defineProperty(row, name, { value: values[at], enumerable: true, writable: true, configurable: true }),
      );
      return row;
    };
  }
  const fields = names.map((name, at) => `${JSON.stringify(name)}: values[${at}]`);
  // A generated function, not `eval` of anything read from outside: the names are the statement's
  // own columns, each a JSON string literal.
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Row;
}

/**
 * Runs SQL on one better-sqlite3 connection, preparing each distinct text once. Kysely's own SQLite
 * driver prepares every statement anew (about 25 µs each); a cached statement runs in about 3 µs.
 * Rows are read as arrays and made objects by `rowBuilder`.
 */
export class StatementCache {
  private readonly statements = new Map<string, Cached>();

  constructor(private readonly conn: Database) {}

  run(sql: string, values: unknown[]): StatementResult {
    let cached = this.statements.get(sql);
    if (!cached) {
      const statement = this.conn.prepare(sql);
      cached = { statement, reader: statement.reader, width: -1, toRow: () => ({}) };
      if (cached.reader) statement.raw(true);
      if (this.statements.size >= MAX_STATEMENTS) {
        this.statements.delete(this.statements.keys().next().value!);
      }
      this.statements.set(sql, cached);
    }
    if (cached.reader) {
      const rows = rowsOf(cached, cached.statement.all(values) as unknown[][]);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: cached.statement.run(values).changes };
  }
}

/**
 * The rows as objects. The names are read again when the rows have another number of columns than
 * they were read for: SQLite prepares a statement again after a change of the schema (a `SELECT *`
 * of a table another process's migration gave a column), as better-sqlite3's own objects would show.
 */
function rowsOf(cached: Cached, rows: unknown[][]): Row[] {
  if (rows.length > 0 && rows[0]!.length !== cached.width) {
    const names = cached.statement.columns().map((column) => column.name);
    cached.width = names.length;
    cached.toRow = rowBuilder(names);
  }
  return rows.map(cached.toRow);
}
