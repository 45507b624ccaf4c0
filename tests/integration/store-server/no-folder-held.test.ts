// A store server's instances share one PostgreSQL database: none holds a data folder, not even
// one they were all given (SERVICEPAY_DATA_DIR set for a register on the same machine), so the
// second starts beside the first (a register's SQLite folder takes one: cli/serve-one-per-folder).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOLD_FILE } from '../../../electron/server/db/sqlite/folder-hold.js';
import { startService } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const data = mkdtempSync(join(tmpdir(), 'servicepay-no-folder-held-'));
afterAll(() => rmSync(data, { recursive: true, force: true }));

describe('several instances on one store server database', { timeout: 90_000 }, () => {
  it('run side by side, holding no data folder, even when given the same one', async () => {
    const database = await freshDatabase();
    const env = { SERVICEPAY_DATA_DIR: data };
    const first = await startService([...database.args, '--log-level', 'silent'], { env });
    try {
      const second = await startService([...database.args, '--log-level', 'silent'], { env });
      expect((await fetch(`${second.url}/health`)).status).toBe(200);
      await second.stop();
      expect(existsSync(join(data, HOLD_FILE))).toBe(false);
    } finally {
      await first.stop();
      await database.drop();
    }
  });
});
