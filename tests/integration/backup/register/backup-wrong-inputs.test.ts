// What a new owner mistypes at `servicepay backup` and `restore`: a data folder with no store in it,
// a folder named as the backup, a data folder the system makes nothing in. Each is refused in words,
// with nothing left behind where there was nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServicepay } from '../../../support/cli-in-process.js';
import { scratchFolder } from '../../../support/scratch-folder.js';
import { SERVICEPAY_BIN } from '../../../support/service-process.js';

const root = scratchFolder('servicepay-backup-wrong-');

describe('servicepay backup and restore, given the wrong folder', { timeout: 60_000 }, () => {
  it('refuses to back up a data folder that holds no store, and makes nothing there', async () => {
    const data = join(root, 'mistyped');
    const run = await runServicepay(['--data', data, 'backup']);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      `servicepay: ${data} holds no store's data: there is nothing to back up ` +
        `(${data} held no database: is --data the store's folder?)\n`,
    ]);
    expect(existsSync(data)).toBe(false);
  });

  it('refuses a folder named as the backup, saying to name a file in it', async () => {
    const backups = join(root, 'backups');
    mkdirSync(backups);
    const data = join(root, 'new-register');
    const run = await runServicepay(['--data', data, 'restore', backups]);
    expect([run.status, run.stderr]).toEqual([
      1,
      `servicepay: ${backups} cannot be restored: it is a folder, not a backup: ` +
        'name one of the files in it (servicepay-<time>.db)\n',
    ]);
    expect(existsSync(data)).toBe(false);
  });

  it.runIf(existsSync('/proc/self'))('refuses at once a data folder the system makes nothing in', async () => {
    const store = join(root, 'store');
    const copies = join(root, 'copies');
    expect((await runServicepay(['--data', store, 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).status).toBe(0);
    expect((await runServicepay(['--data', store, 'backup', '--to', copies])).status).toBe(0);
    const [file] = readdirSync(copies);
    // A process of its own: Node's recursive mkdir went round for ever in /proc; it must end by itself.
    const run = spawnSync(process.execPath, [SERVICEPAY_BIN, '--data', '/proc/nope', 'restore', join(copies, file!)], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'servicepay: --data /proc/nope cannot hold the database: the system makes no files or folders there\n',
    ]);
  });

  it('leaves no folder behind when a restore into a new one is refused', async () => {
    const data = join(root, 'refused');
    const run = await runServicepay(['--data', data, 'restore', join(root, 'missing.db')]);
    expect(run.status).toBe(1);
    const notDatabase = join(root, 'notes.txt');
    writeFileSync(notDatabase, 'not a database\n');
    const refused = await runServicepay(['--data', data, 'restore', notDatabase]);
    expect(refused.stderr).toMatch(/cannot be restored: it is not a whole SQLite database/);
    expect(existsSync(data)).toBe(false);
  });
});
