// A SERVICEPAY_BACKUP_* that `serve` refuses stops the app's start too (Electron and browser mode
// share startService), in serve's very words, before the data folder is opened or held; the
// Electron app shows them in its error box.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { launch } from '../../../electron/app/launch.js';
import { startService } from '../../../electron/app/service.js';
import { dialog, fake } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'servicepay-start-backup-env-'));
const signalListeners = () => [...process.listeners('SIGINT'), ...process.listeners('SIGTERM')];
const before = signalListeners();
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // The app listens for Ctrl-C on the real process: leave the test runner's handlers as they were.
  for (const listener of signalListeners()) {
    if (!before.includes(listener)) process.removeListener('SIGINT', listener).removeListener('SIGTERM', listener);
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const EVERY_HOURS = '--backup-every-hours takes a number of hours, 1 or more (0 turns automatic backups off)';
const start = (env: NodeJS.ProcessEnv) =>
  startService({ dataDir, staticDir: dataDir, demo: false, port: 0, host: '127.0.0.1', logLevel: 'silent', env });

describe('the app’s start and a SERVICEPAY_BACKUP_* serve refuses', () => {
  it('refuses it in serve’s words, with nothing opened or held in the data folder', async () => {
    await expect(start({ SERVICEPAY_BACKUP_EVERY_HOURS: '-1' })).rejects.toThrow(`${EVERY_HOURS}, not "-1"`);
    await expect(start({ SERVICEPAY_BACKUP_EVERY_HOURS: 'daily' })).rejects.toThrow(`${EVERY_HOURS}, not "daily"`);
    await expect(start({ SERVICEPAY_BACKUP_KEEP: '0' })).rejects.toThrow(
      '--backup-keep takes a number of backups, 1 or more, not "0"',
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('the Electron app shows the refusal in its error box and exits 1, no window opened', async () => {
    vi.stubEnv('SERVICEPAY_BACKUP_EVERY_HOURS', '1.5');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake.reset();
    fake.userData = dataDir;
    const shown = vi.spyOn(dialog, 'showErrorBox');
    await launch(['.']);
    expect(fake.exitCode).toBe(1);
    expect(shown).toHaveBeenCalledWith('ServicePay POS could not start', `${EVERY_HOURS}, not "1.5"`);
    expect(fake.log).not.toContain('window:create');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
