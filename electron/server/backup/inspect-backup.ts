import { ServicePayError } from '../../../shared/errors.js';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { SqliteFile } from '../db/sqlite/sqlite-file.js';

/** What a backup file holds, once it passed the checks. */
export interface BackupContents {
  schemaVersion: number;
  orders: number;
  /** ISO time of its newest order, or null; and the time zone of that order's store. */
  lastOrderAt: string | null;
  lastOrderTimeZone: string | null;
}

const refuse = (file: string, why: string) =>
  new ServicePayError('INVALID_INPUT', `${file} cannot be restored: ${why}`);

/**
 * Checks that `file` (a working copy the caller may change: it is switched to a rollback journal)
 * is a whole ServicePay database this build can run: SQLite's integrity check passes, it has the
 * ServicePay tables, and its schema is not newer than this build's (an older one is migrated at
 * the next start). Refuses with the reason otherwise, naming the file as `shownAs`.
 */
export function inspectBackup(file: string, shownAs: string): BackupContents {
  let db: SqliteFile;
  try {
    db = SqliteFile.open(file, { mustExist: true, busyWaitMs: 0 });
  } catch (error) {
    throw refuse(shownAs, `it cannot be opened (${(error as Error).message})`);
  }
  try {
    let problems: string[];
    try {
      db.useRollbackJournal();
      problems = db.integrityProblems();
    } catch (error) {
      throw refuse(shownAs, `it is not a whole SQLite database (${(error as Error).message})`);
    }
    if (problems.length > 0) {
      throw refuse(shownAs, `it fails SQLite's integrity check (${problems.slice(0, 3).join('; ')})`);
    }
    const tables = db.tableNames();
    if (!tables.has('orders')) throw refuse(shownAs, 'it is not a ServicePay database (it has no orders table)');
    const schemaVersion = tables.has('schema_migrations')
      ? (db.first<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations')?.version ?? 0)
      : db.userVersion();
    if (schemaVersion > SCHEMA_VERSION) {
      throw refuse(
        shownAs,
        `it was made by a newer ServicePay (schema version ${schemaVersion}; this build knows up to ${SCHEMA_VERSION}): upgrade ServicePay first`,
      );
    }
    const newest = db.first<{ at: string; timeZone: string }>(
      `SELECT o.created_at AS at, d.timezone AS timeZone FROM orders o
       JOIN dispensaries d ON d.id = o.dispensary_id ORDER BY o.created_at DESC LIMIT 1`,
    );
    return {
      schemaVersion,
      orders: countOrders(db),
      lastOrderAt: newest?.at ?? null,
      lastOrderTimeZone: newest?.timeZone ?? null,
    };
  } finally {
    db.close();
  }
}

const countOrders = (db: SqliteFile) => db.first<{ count: number }>('SELECT count(*) AS count FROM orders')!.count;

/** How many orders a backup file holds (what `servicepay backup` reports). */
export function ordersIn(file: string): number {
  return SqliteFile.with(file, { readonly: true, mustExist: true }, countOrders);
}
