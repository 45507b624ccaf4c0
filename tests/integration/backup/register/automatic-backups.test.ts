import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../electron/server/app.js';
import { AutomaticBackups, backupFailureWords } from '../../../../electron/server/backup/automatic-backups.js';
import { backupName, listBackups } from '../../../../electron/server/backup/backup-files.js';
import { BackupsRepository } from '../../../../electron/server/backup/backups-repository.js';
import { makeBackup } from '../../../../electron/server/backup/make-backup.js';
import { freshDatabase, type TestDatabase } from '../../../support/test-database.js';

const HOUR_MS = 3_600_000;
let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/** Waits until the backup folder holds `count` backups. */
async function backupsIn(dir: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = listBackups(dir);
    if (found.length === count) return found.map((backup) => backup.file);
    if (Date.now() > deadline) throw new Error(`${found.length} backups in ${dir}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('automatic backups of a register', () => {
  it('backs up at start when there is none, keeping the newest N', async () => {
    database = await freshDatabase();
    const dir = join(database.config.dataDir, 'kept');
    mkdirSync(dir, { recursive: true });
    // Three older backups: with --backup-keep 2, only the new one and the newest of these stay.
    const old = [3, 2, 1].map((days) => join(dir, backupName(new Date(Date.now() - days * 86_400_000))));
    for (const file of old) writeFileSync(file, '');
    const app = await buildApp({
      ...database.config,
      demo: true,
      logLevel: 'silent',
      port: 0,
      backups: { dir, everyHours: 24, keep: 2 },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const kept = await backupsIn(dir, 2);
      expect(kept[0]).toBe(old[2]);
      expect(kept[1]).not.toBe(old[2]);
    } finally {
      await app.close();
    }
  });

  it('does not back up at start when the last backup is younger than the interval, nor when off', async () => {
    database = await freshDatabase();
    const dir = join(database.config.dataDir, 'backups');
    const first = await buildApp({
      ...database.config,
      demo: true,
      logLevel: 'silent',
      backups: { dir: null, everyHours: 24, keep: 7 },
    });
    await first.listen({ port: 0, host: '127.0.0.1' });
    await backupsIn(dir, 1);
    const made = (await new BackupsRepository(first.ctx.db).latest(first.ctx.db))!;
    await first.close();
    for (const everyHours of [24, 0]) {
      // The schedule the service sets when it starts listening, awaited here (not waited for).
      const again = await buildApp({
        ...database.config,
        logLevel: 'silent',
        backups: { dir: null, everyHours, keep: 7 },
      });
      const automatic = new AutomaticBackups(again.ctx, again.log);
      try {
        await automatic.start();
        const due = new Date(Date.parse(made.finishedAt) + 24 * HOUR_MS).toISOString();
        expect(automatic.nextAt).toBe(everyHours === 24 ? due : null);
      } finally {
        await automatic.close();
        await again.close();
      }
      expect(listBackups(dir)).toHaveLength(1);
    }
  });

  it('waits for an interval longer than a timer takes (25 days) in steps, then backs up', async () => {
    database = await freshDatabase();
    const dir = join(database.config.dataDir, 'backups');
    const everyHours = 1_000; // 41.7 days: setTimeout waits at most 24.8
    const app = await buildApp({ ...database.config, logLevel: 'silent', backups: { dir: null, everyHours, keep: 7 } });
    const automatic = new AutomaticBackups(app.ctx, app.log);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await makeBackup(app.ctx.db, { dir, automatic: false, now: () => new Date() });
      await automatic.start();
      const due = automatic.nextAt;
      expect(Date.parse(due!) - Date.now()).toBeGreaterThan(41 * 24 * HOUR_MS);
      vi.advanceTimersByTime(2 ** 31 - 1);
      // The first step ended: still waiting, for the same time, and nothing copied.
      expect(automatic.nextAt).toBe(due);
      expect(listBackups(dir)).toHaveLength(1);
      vi.advanceTimersByTime(Date.parse(due!) - Date.now());
      expect(automatic.nextAt).toBeNull(); // being made
    } finally {
      vi.useRealTimers();
      await automatic.close(); // waits for the backup being made
      await app.close();
    }
    expect(listBackups(dir)).toHaveLength(2);
  });

  it('says why an automatic backup failed and tries again within the hour', async () => {
    database = await freshDatabase();
    const dir = join(database.config.dataDir, 'not-a-folder');
    writeFileSync(dir, 'a file where the backups should go');
    const app = await buildApp({ ...database.config, logLevel: 'silent', backups: { dir, everyHours: 24, keep: 7 } });
    const automatic = new AutomaticBackups(app.ctx, app.log);
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        await automatic.start(); // none yet: due now
        vi.advanceTimersByTime(0);
      } finally {
        vi.useRealTimers();
      }
      // The folder is refused before the copy starts: the run ends within this turn's promises.
      await new Promise((resolve) => setImmediate(resolve));
      const failure = automatic.lastFailure!;
      expect(failure.reason).toBe('the backup folder is a file, not a folder');
      expect(Date.parse(automatic.nextAt!) - Date.parse(failure.at)).toBe(HOUR_MS);
      expect(listBackups(join(database.config.dataDir, 'backups'))).toEqual([]);
    } finally {
      await automatic.close();
      await app.close();
    }
  });

  it('words the system errors a manager could meet', () => {
    const failed = (code: string) => backupFailureWords(Object.assign(new Error(`${code}: …`), { code }));
    expect(failed('ENOSPC')).toBe('the disk is full');
    expect(failed('EACCES')).toBe('ServicePay may not write to the backup folder');
    expect(failed('EROFS')).toBe('the backup folder is on a read-only disk');
    expect(backupFailureWords(new Error('the copy of /x/servicepay.db failed: database disk image is malformed'))).toBe(
      'database disk image is malformed',
    );
  });
});
