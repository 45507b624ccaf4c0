// One service per register's data folder: a second `serve` (or the Electron app's service, which
// starts through the same serve-app.ts) on a folder another one serves is refused in one line,
// while the CLI's commands keep working beside it; a folder left held by a process that died is
// taken over without a word. A register's SQLite only (vitest.config.ts): a store server's PostgreSQL
// takes as many instances as it likes (store-server/no-folder-held.test.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startService as startInApp } from '../../../electron/app/service.js';
import { HOLD_FILE } from '../../../electron/server/db/sqlite/folder-hold.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { SERVE_BIN, startServer, type ServiceProcess } from '../../support/service-process.js';

const root = scratchFolder('servicepay-one-per-folder-');
let folders = 0;
const newFolder = () => join(root, `register-${++folders}`);

/** `serve` on `dataDir` as a second start: its exit status and what it said. */
function serveAgain(dataDir: string) {
  const run = spawnSync(process.execPath, [SERVE_BIN, '--log-level', 'silent', '--port', '0', '--data', dataDir], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr };
}

const refusal = (dataDir: string, pid: number) =>
  `${dataDir} is already served by another ServicePay (process ${pid}): stop it first, or give another --data`;

const holder = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, HOLD_FILE), 'utf8')) as { pid: number };

/** Linux tells this boot's id: a hold of another boot is over whatever runs under its process id. */
const BOOT_ID = '/proc/sys/kernel/random/boot_id';

describe('one service per register data folder', { timeout: 90_000 }, () => {
  it('refuses a second serve and the app’s service in words, while the CLI works beside the first', async () => {
    const data = newFolder();
    const first = await startServer(data, ['--log-level', 'silent']);
    try {
      const pid = first.child.pid!;
      expect(serveAgain(data)).toEqual({ status: 1, stderr: `servicepay serve: ${refusal(data, pid)}\n` });
      await expect(
        startInApp({ dataDir: data, staticDir: root, demo: false, port: 0, host: '127.0.0.1', logLevel: 'silent' }),
      ).rejects.toThrow(refusal(data, pid));
      // The CLI opens the same file while the service runs.
      const added = await runServicepay(['--data', data, 'orgs', 'add', 'Mesa Verde Cannabis Co.']);
      expect([added.status, added.stderr]).toEqual([0, '']);
      expect(holder(data).pid).toBe(pid);
    } finally {
      await first.stop();
    }
    // A clean stop releases the folder.
    expect(existsSync(join(data, HOLD_FILE))).toBe(false);
  });

  it('takes over without a word a folder whose service was killed, and the app’s service holds it too', async () => {
    const data = newFolder();
    const killed = await startServer(data, ['--log-level', 'silent']);
    await killed.stop('SIGKILL');
    expect(holder(data).pid).toBe(killed.child.pid);
    let second: ServiceProcess | undefined;
    const inApp = await startInApp({
      dataDir: data,
      staticDir: root,
      demo: false,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
    });
    try {
      expect(holder(data).pid).toBe(process.pid);
      expect(serveAgain(data)).toEqual({ status: 1, stderr: `servicepay serve: ${refusal(data, process.pid)}\n` });
    } finally {
      await inApp.close();
    }
    expect(existsSync(join(data, HOLD_FILE))).toBe(false);
    try {
      second = await startServer(data, ['--log-level', 'silent']);
      expect(holder(data).pid).toBe(second.child.pid);
    } finally {
      await second?.stop();
    }
  });

  it('takes over a hold cut short by a power cut', async () => {
    const data = newFolder();
    const made = await runServicepay(['--data', data, 'orgs', 'add', 'Mesa Verde Cannabis Co.']);
    expect(made.status).toBe(0);
    const file = join(data, HOLD_FILE);
    writeFileSync(file, '');
    utimesSync(file, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    const service = await startServer(data, ['--log-level', 'silent']);
    try {
      expect(holder(data).pid).toBe(service.child.pid);
    } finally {
      await service.stop();
    }
  });

  it.runIf(existsSync(BOOT_ID))(
    'takes over a hold of another boot whose process id another program has now',
    async () => {
      const data = newFolder();
      expect((await runServicepay(['--data', data, 'orgs', 'add', 'Mesa Verde Cannabis Co.'])).status).toBe(0);
      // This test's own process runs: under that number, the hold's service would be alive, in this boot.
      const hold = (boot: string) =>
        `${JSON.stringify({ pid: process.pid, boot, since: '2026-01-01T00:00:00.000Z' })}\n`;
      writeFileSync(join(data, HOLD_FILE), hold(readFileSync(BOOT_ID, 'utf8').trim()));
      expect(serveAgain(data)).toEqual({ status: 1, stderr: `servicepay serve: ${refusal(data, process.pid)}\n` });
      writeFileSync(join(data, HOLD_FILE), hold('00000000-0000-0000-0000-000000000000'));
      const service = await startServer(data, ['--log-level', 'silent']);
      try {
        expect(holder(data).pid).toBe(service.child.pid);
      } finally {
        await service.stop();
      }
    },
  );
});
