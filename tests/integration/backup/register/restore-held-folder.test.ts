// `servicepay restore` into a data folder a running service holds (its servicepay.lock,
// folder-hold.ts): refused at once in words naming the process to stop, before anything is copied
// or moved; a hold left by a service that was killed is no hold, and the restore goes on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLD_FILE } from '../../../../electron/server/db/sqlite/folder-hold.js';
import { runServicepay } from '../../../support/cli-in-process.js';
import { scratchFolder } from '../../../support/scratch-folder.js';
import { startServer } from '../../../support/service-process.js';

const root = scratchFolder('servicepay-restore-held-');

describe('servicepay restore into a folder a service holds', { timeout: 90_000 }, () => {
  it('refuses while the service runs, naming its process, and restores once it is gone', async () => {
    const data = join(root, 'register');
    const copies = join(root, 'copies');
    expect((await runServicepay(['--data', data, 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).status).toBe(0);
    expect((await runServicepay(['--data', data, 'backup', '--to', copies])).status).toBe(0);
    const backup = join(copies, readdirSync(copies)[0]!);
    const service = await startServer(data, ['--log-level', 'silent']);
    const pid = service.child.pid!;
    let before: string[];
    try {
      before = readdirSync(data).sort();
      const refused = await runServicepay(['--data', data, 'restore', backup]);
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([
        1,
        '',
        `servicepay: ${data} is served by a running ServicePay (process ${pid}): ` +
          'stop that service (or the app) first, then restore\n',
      ]);
      // Nothing copied or moved: no working copy, no before-restore save, the service's files as they were.
      expect(readdirSync(data).sort()).toEqual(before);
      expect(existsSync(join(data, 'backups'))).toBe(false);
    } finally {
      // Killed: its hold file stays behind, naming a process that no longer runs.
      await service.stop('SIGKILL');
    }
    expect(JSON.parse(readFileSync(join(data, HOLD_FILE), 'utf8'))).toMatchObject({ pid });
    const restored = await runServicepay(['--data', data, 'restore', backup]);
    expect([restored.status, restored.stderr]).toEqual([0, '']);
    expect(readdirSync(join(data, 'backups')).some((file) => file.startsWith('before-restore-'))).toBe(true);
  });
});
