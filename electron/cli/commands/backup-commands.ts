import { join } from 'node:path';
import type { Command } from 'commander';
import { ServicePayError } from '../../../shared/errors.js';
import { storeStamp } from '../../../shared/store-time.js';
import { defaultBackupDir } from '../../server/backup/backup-files.js';
import { ordersIn } from '../../server/backup/inspect-backup.js';
import { makeBackup } from '../../server/backup/make-backup.js';
import { restoreBackup, type Restored } from '../../server/backup/restore-backup.js';
import { openDataLayer } from '../../server/db/open-data-layer.js';
import { DATABASE_FILE } from '../../server/db/sqlite/sqlite-data-layer.js';
import { SqliteFile } from '../../server/db/sqlite/sqlite-file.js';
import { SCHEMA_VERSION } from '../../server/db/migrations/index.js';
import { ServerLinkRepository, type ServerLink } from '../../server/registers/server-link-repository.js';
import { action, fileAction, plainSpaces, renamed } from '../cli-context.js';

/** "1.2 MB" */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function restoredText(file: string, restored: Restored): string {
  const newest =
    restored.lastOrderAt && restored.lastOrderTimeZone
      ? `, the newest from ${plainSpaces(storeStamp(restored.lastOrderAt, restored.lastOrderTimeZone))}`
      : '';
  const migrated =
    restored.schemaVersion < SCHEMA_VERSION
      ? ` Its schema (version ${restored.schemaVersion}) was brought up to this build's (${SCHEMA_VERSION}).`
      : '';
  const previous = restored.previous ? ` The database it replaced is kept as ${restored.previous}.` : '';
  return `Restored ${file} into ${restored.database}: ${restored.orders} orders${newest}.${migrated}${previous}`;
}

/**
 * What a restore means for a register attached to a store server (README "Selling offline"): the
 * server has what the register sent after the backup, and will list what it sends again.
 */
function attachedText({ serverUrl, name }: Pick<ServerLink, 'serverUrl' | 'name'>): string {
  return (
    `This register is attached to the store server at ${serverUrl} as "${name}". Its sales made after this ` +
    'backup are not in it: those it had sent are kept at the server, those it had not are lost. The changes it ' +
    'sends again that the server already has are listed there as "Register went back": check this ' +
    "register's sales and stock for doubles."
  );
}

/** `servicepay backup` and `servicepay restore`: the register's SQLite file (README "Backups"). */
export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description(
      "Back the register's database up now with SQLite's online backup API (consistent while the service runs)",
    )
    .option('--to <dir>', 'the folder to write it in (default: backups/ in the data folder)')
    .addHelpText(
      'after',
      '\nThe file is named servicepay-<UTC time>.db. PostgreSQL is backed up with pg_dump instead.\n' +
        'Example:\n  $ servicepay backup --to /media/usb/servicepay',
    )
    .action(
      action(async (cli, options: { to?: string }) => {
        // A mistyped --data finds no store: say so, rather than back an empty database up (the
        // command then leaves nothing behind in that folder).
        const file = join(cli.dataDir, DATABASE_FILE);
        if (
          cli.database === undefined &&
          SqliteFile.with(file, { readonly: true, mustExist: true }, (opened) => opened.holdsOnlySchema())
        ) {
          throw new ServicePayError('NOT_FOUND', `${cli.dataDir} holds no store's data: there is nothing to back up`);
        }
        const dir = options.to ?? defaultBackupDir(cli.dataDir);
        // A folder refused by --to's name; the data folder's own backups/ by its path alone.
        const made = await makeBackup(cli.db, { dir, automatic: false, now: () => new Date() }).catch((error) => {
          throw options.to === undefined ? error : renamed(error, { dir: '--to' });
        });
        const orders = ordersIn(made.file);
        cli.print(
          { ...made, orders },
          `Backed up ${orders} orders to ${made.file} (${size(made.bytes)}) in ${(made.durationMs / 1000).toFixed(2)} s.`,
        );
      }),
    );
  program
    .command('restore <file>')
    .description(
      "Replace the register's database with a backup, after checking it (integrity, ServicePay tables, schema not newer than this build)",
    )
    .addHelpText(
      'after',
      '\nStop the service (or the app) first. The database it replaces is kept in backups/ as before-restore-<time>.db.\n' +
        'Example:\n  $ servicepay restore ~/.local/share/servicepay/backups/servicepay-2026-11-25T10-00-00-000Z.db',
    )
    .action(
      fileAction(async (cli, file: string) => {
        if (cli.database) {
          throw new ServicePayError(
            'CONFLICT',
            'this is a PostgreSQL database: restore it with pg_restore (or psql for a plain pg_dump), which its administrator runs',
          );
        }
        const restored = restoreBackup(file, cli.dataDir, new Date());
        // Opening it applies the migrations this build has and the backup did not.
        const db = await openDataLayer({ dataDir: cli.dataDir, listen: false });
        const link = await new ServerLinkRepository(db).get(db).finally(() => db.close());
        const attached = link ? { serverUrl: link.serverUrl, name: link.name } : null;
        const words = [restoredText(file, restored), ...(attached ? [attachedText(attached)] : [])];
        cli.print({ ...restored, attached }, words.join('\n'));
      }),
    );
}
