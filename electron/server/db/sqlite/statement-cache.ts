import type { Database, Statement } from 'better-sqlite3';
import type { StatementResult } from '../query.js';

/** Distinct SQL texts kept prepared; past it the least recently added is dropped (dynamic `IN` lists). */
const MAX_STATEMENTS = 512;

/**
 * Runs SQL on one better-sqlite3 connection, preparing each distinct text once. Kysely's own SQLite
 * driver prepares every statement anew (about 25 µs each); a cached statement runs in about 3 µs.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly conn: Database) {}

  run(sql: string, values: unknown[]): StatementResult {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.conn.prepare(sql);
      if (this.statements.size >= MAX_STATEMENTS) {
        this.statements.delete(this.statements.keys().next().value!);
      }
      this.statements.set(sql, statement);
    }
    if (statement.reader) {
      const rows = statement.all(values);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(values).changes };
  }
}
