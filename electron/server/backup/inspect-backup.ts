import Database from 'better-sqlite3';
import { ServicePayError } from '../../../shared/errors.js';
import { SCHEMA_VERSION } from '../db/migrations/index.js';

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
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw refuse(shownAs, `it cannot be opened (${(error as Error).message})`);
  }
  try {
    try {
      db.pragma('journal_mode = DELETE');
      const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
      const messages = problems.map((row) => row.integrity_check).filter((message) => message !== 'ok');
      if (messages.length > 0) {
        throw refuse(shownAs, `it fails SQLite's integrity check (${messages.slice(0, 3).join('; ')})`);
      }
    } catch (error) {
      if (error instanceof ServicePayError) throw error;
      throw refuse(shownAs, `it is not a whole SQLite database (${(error as Error).message})`);
    }
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    );
    if (!tables.has('orders')) throw refuse(shownAs, 'it is not a ServicePay database (it has no orders table)');
    const schemaVersion = tables.has('schema_migrations')
      ? (db.prepare<[], { version: number | null }>('SELECT max(version) AS version FROM schema_migrations').get()
          ?.version ?? 0)
      : (db.pragma('user_version', { simple: true }) as number);
    if (schemaVersion > SCHEMA_VERSION) {
      throw refuse(
        shownAs,
        `it was made by a newer ServicePay (schema version ${schemaVersion}; this build knows up to ${SCHEMA_VERSION}): upgrade ServicePay first`,
      );
    }
    const { count } = db.prepare<[], { count: number }>('SELECT count(*) AS count FROM orders').get()!;
    const newest = db
      .prepare<[], { at: string; timeZone: string }>(
        `SELECT o.created_at AS at, d.timezone AS timeZone FROM orders o
         JOIN dispensaries d ON d.id = o.dispensary_id ORDER BY o.created_at DESC LIMIT 1`,
      )
      .get();
    return {
      schemaVersion,
      orders: count,
      lastOrderAt: newest?.at ?? null,
      lastOrderTimeZone: newest?.timeZone ?? null,
    };
  } finally {
    db.close();
  }
}
