import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../electron/server/app.js';
import { listBackups } from '../../../../electron/server/backup/backup-files.js';
import { BackupsRepository } from '../../../../electron/server/backup/backups-repository.js';
import { makeBackup } from '../../../../electron/server/backup/make-backup.js';
import { SCHEMA_VERSION } from '../../../../electron/server/db/migrations/index.js';
import { SERVICEPAY_BIN } from '../../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../../support/test-database.js';
import { ledgerOf, ledgerOfFile, servicepay, servicepayAsync, writeLoad } from './backup-support.js';

let register: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let good: string;
beforeAll(async () => {
  register = await freshDatabase();
  app = await buildApp({ ...register.config, demo: true, logLevel: 'silent' });
});
afterAll(async () => {
  await app.close();
  await register.drop();
});

/** A new empty data folder for a restore (a replaced register's): no database there yet. */
function elsewhere(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-restore-'));
  return {
    config: { dataDir: dir },
    args: ['--data', dir],
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('backing up while the register sells, and restoring', { timeout: 60_000 }, () => {
  it('makes consistent copies during a write load: the service on a worker thread, the CLI from another process', async () => {
    const before = await ledgerOf(app);
    const load = await writeLoad(app);
    // Sales in before the copies begin, and more after they end: each copy lies strictly between.
    await load.next();
    // The service's own backup, copied on a worker thread while sales go on.
    const dir = join(register.config.dataDir, 'backups');
    const own = await makeBackup(app.ctx.db, { dir, automatic: true, now: () => new Date() });
    // `servicepay backup` from another process while the service keeps writing.
    const cli = await servicepayAsync([...register.args, 'backup', '--to', join(register.config.dataDir, 'usb')]);
    await load.next();
    const created = await load.stop();
    const after = await ledgerOf(app);
    expect(cli.status, cli.stderr).toBe(0);
    expect(created).toBeGreaterThan(2);
    const made = cli.stdout.match(/^Backed up (\d+) orders to (\S+) \([\d.]+ [KM]B\) in [\d.]+ s\.$/m);
    expect(made, cli.stdout).not.toBeNull();
    for (const file of [own.file, made![2]!]) {
      const copy = ledgerOfFile(file);
      // Taken during the load: some sales in, some not, and none of them torn.
      expect(copy.orders).toBeGreaterThan(before.orders);
      expect(copy.orders).toBeLessThan(after.orders);
      expect(copy.unaccounted).toBe(before.unaccounted);
    }
    expect(listBackups(dir).map((backup) => backup.file)).toEqual([own.file]);
    good = made![2]!;
    // The back office's line: the CLI's backup is the newest.
    const manager = await app.inject({
      method: 'POST',
      url: '/auth-v2/login',
      headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
      payload: Buffer.from(JSON.stringify({ username: 'manager', password: 'manager-demo-1' })).toString('base64'),
    });
    const status = await app.inject({
      method: 'GET',
      url: '/v2.0/backups/latest',
      headers: { authorization: `Bearer ${manager.json().token}` },
    });
    expect(status.json()).toMatchObject({
      engine: 'sqlite',
      last: { fileName: made![2]!.split('/').at(-1), automatic: false },
    });
  });

  it('restores a backup into a register, which then runs on it', async () => {
    const target = elsewhere();
    try {
      const restored = await servicepay([...target.args, 'restore', good]);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored \S+ into \S+servicepay\.db: \d+ orders, the newest from \w{3} \d+, \d{4}, \d+:\d{2} (AM|PM) P[SD]T\.$/m,
      );
      const ledger = ledgerOfFile(good);
      const reopened = await buildApp({ ...target.config, logLevel: 'silent' });
      try {
        expect(await ledgerOf(reopened)).toEqual(ledger);
      } finally {
        await reopened.close();
      }
      // Restoring again keeps the database it replaces.
      const again = await servicepay([...target.args, 'restore', good]);
      expect(again.stdout).toMatch(/The database it replaced is kept as \S+before-restore-\S+\.db\./);
      expect(again.stdout).not.toMatch(/attached/);
    } finally {
      await target.drop();
    }
  });

  it('says what restoring a register attached to a store server means for its sales there', async () => {
    const target = elsewhere();
    try {
      // The backup of a register attached to its store server (the link as `servicepay attach` writes it).
      const attachedBackup = join(target.config.dataDir, 'attached.db');
      writeFileSync(attachedBackup, readFileSync(good));
      const file = new Database(attachedBackup);
      file
        .prepare(
          `INSERT INTO server_link (register_id, server_url, secret, dispensary_id, name, attached_at, queue_id)
           VALUES ('r-1', 'http://store-server:4610', 'spr_test', 'd-1', 'front-1', '2026-12-06T09:00:00.000Z', 'q-1')`,
        )
        .run();
      file.close();
      const restored = await servicepay([...target.args, 'restore', attachedBackup, '--json']);
      expect(restored.status, restored.stderr).toBe(0);
      expect(JSON.parse(restored.stdout)).toMatchObject({
        attached: { serverUrl: 'http://store-server:4610', name: 'front-1' },
      });
      const said = await servicepay([...target.args, 'restore', attachedBackup]);
      expect(said.stdout).toContain(
        'This register is attached to the store server at http://store-server:4610 as "front-1". Its sales ' +
          'made after this backup are not in it: those it had sent are kept at the server, those it had not are ' +
          'lost. The changes it sends again that the server already has are listed there as "Register went back"',
      );
    } finally {
      await target.drop();
    }
  });
});

describe('restore refuses what it cannot run, and says why', { timeout: 60_000 }, () => {
  it('refuses a corrupted file, and leaves the register as it was', async () => {
    const target = elsewhere();
    try {
      expect((await servicepay([...target.args, 'restore', good])).status).toBe(0);
      const corrupted = join(target.config.dataDir, 'corrupted.db');
      const bytes = readFileSync(good);
      // Garbage over a few pages of the middle of the file (tables and indexes live there).
      for (let at = 4096 * 3; at < Math.min(bytes.length, 4096 * 12); at += 1) bytes[at] = (at * 7) % 256;
      writeFileSync(corrupted, bytes);
      const refused = await servicepay([...target.args, 'restore', corrupted]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        /^servicepay: \S+corrupted\.db cannot be restored: it (fails SQLite's integrity check|is not a whole SQLite database) \(.+\)$/m,
      );
      const notDatabase = join(target.config.dataDir, 'notes.db');
      writeFileSync(notDatabase, 'these are not the sales you are looking for\n'.repeat(200));
      expect((await servicepay([...target.args, 'restore', notDatabase])).stderr).toMatch(
        /cannot be restored: it is not a whole SQLite database \(file is not a database\)/,
      );
      expect((await servicepay([...target.args, 'restore', join(target.config.dataDir, 'missing.db')])).stderr).toMatch(
        /cannot be restored: there is no such file/,
      );
      expect(ledgerOfFile(join(target.config.dataDir, 'servicepay.db'))).toEqual(ledgerOfFile(good));
    } finally {
      await target.drop();
    }
  });

  it('refuses a file of a newer schema than this build knows', async () => {
    const target = elsewhere();
    try {
      const newer = join(target.config.dataDir, 'newer.db');
      writeFileSync(newer, readFileSync(good));
      const db = new Database(newer);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        SCHEMA_VERSION + 1,
        'from-the-future',
        new Date().toISOString(),
      );
      db.close();
      const refused = await servicepay([...target.args, 'restore', newer]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `newer.db cannot be restored: it was made by a newer ServicePay (schema version ${SCHEMA_VERSION + 1}; this build knows up to ${SCHEMA_VERSION}): upgrade ServicePay first`,
      );
    } finally {
      await target.drop();
    }
  });

  it('refuses while the service runs on the database', async () => {
    const refused = await servicepay([...register.args, 'restore', good]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /servicepay\.db is in use \(the service or the app is running on it\): stop it first, then restore/,
    );
  });
});

describe('backup refuses a folder it cannot write in, and says why', { timeout: 60_000 }, () => {
  const latest = () => new BackupsRepository(app.ctx.db).latest(app.ctx.db);

  it('refuses a file where the folder should be, and leaves the file as it was', async () => {
    const file = join(register.config.dataDir, 'notes.txt');
    writeFileSync(file, 'not a folder\n');
    const before = await latest();
    const refused = await servicepayAsync([...register.args, 'backup', '--to', file]);
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([
      1,
      '',
      `servicepay: --to: cannot write a backup in ${file}: it is a file, not a folder; ` +
        'a backup never replaces a file: name the folder to write it in\n',
    ]);
    expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
    expect(await latest()).toEqual(before);
  });

  it.runIf(existsSync('/proc/self'))('refuses at once a folder the system makes nothing in (/proc)', async () => {
    const before = await latest();
    // Node's own recursive mkdir went round for ever there: the run must end by itself, well before the timeout.
    const run = spawnSync(process.execPath, [SERVICEPAY_BIN, ...register.args, 'backup', '--to', '/proc/nope'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.error).toBeUndefined();
    expect(run.signal).toBeNull();
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'servicepay: --to: cannot write a backup in /proc/nope: the system makes no files or folders there\n',
    ]);
    expect(await latest()).toEqual(before);
  });
});
