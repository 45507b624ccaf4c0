import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { DATABASE_FILE } from '../../electron/server/db/sqlite/sqlite-data-layer.js';

/** Where the run's global setup (tests/support/bin-global-setup.ts) tells its workers the template is. */
export const TEMPLATE_ENV = 'SERVICEPAY_TEST_SQLITE_TEMPLATE';

/**
 * Makes a SQLite file migrated to this build's schema in a new folder: its path, and how to delete
 * it. Closing the last connection checkpoints the WAL into the file: the file alone is the database.
 */
export async function makeSqliteTemplate(): Promise<{ file: string; remove(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-template-'));
  await (await openDataLayer({ dataDir: dir })).close();
  return { file: join(dir, DATABASE_FILE), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The run's template, or (a program run outside the test runners) one of this process's own. */
let template: Promise<string> | undefined;

async function ownTemplate(): Promise<string> {
  const made = await makeSqliteTemplate();
  process.once('exit', made.remove);
  return made.file;
}

/**
 * A new data folder (its name starting with `prefix`) holding a SQLite database of this build's
 * schema and no rows, as a register's folder is once the service or the CLI first opened it: a copy
 * of the process's migrated template, made in milliseconds where migrating takes a third of a
 * second (each migration is committed with an fsync). Plain Node: vitest's tests and Playwright's
 * workers share it. The caller deletes the folder.
 */
export async function migratedFolder(prefix = 'servicepay-test-'): Promise<string> {
  template ??= process.env[TEMPLATE_ENV] ? Promise.resolve(process.env[TEMPLATE_ENV]) : ownTemplate();
  const file = await template;
  const dir = mkdtempSync(join(tmpdir(), prefix));
  copyFileSync(file, join(dir, DATABASE_FILE));
  return dir;
}
