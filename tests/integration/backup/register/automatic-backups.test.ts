import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../electron/server/app.js';
import { backupName, listBackups } from '../../../../electron/server/backup/backup-files.js';
import { freshDatabase, type TestDatabase } from '../../../support/test-database.js';

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
    await first.close();
    for (const everyHours of [24, 0]) {
      const again = await buildApp({
        ...database.config,
        logLevel: 'silent',
        backups: { dir: null, everyHours, keep: 7 },
      });
      await again.listen({ port: 0, host: '127.0.0.1' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await again.close();
      expect(listBackups(dir)).toHaveLength(1);
    }
  });
});
