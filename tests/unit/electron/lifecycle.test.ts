import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, fake, FakeBrowserWindow } from '../../support/fake-electron.js';

vi.mock('electron', () => import('../../support/fake-electron.js'));

const { claimSingleInstance, installLifecycle } = await import('../../../electron/app/lifecycle.js');
const { shutdown } = await import('../../../electron/app/shutdown.js');

const electronApp = app as unknown as Electron.App;

describe('single instance', () => {
  beforeEach(() => fake.reset());

  it('the first copy keeps the lock and focuses its window when a second copy starts', () => {
    const focus = vi.fn();
    expect(claimSingleInstance(electronApp, focus)).toBe(true);
    app.emit('second-instance', {}, ['servicepay-pos'], '/home/cashier');
    expect(focus).toHaveBeenCalledOnce();
    expect(fake.exitCode).toBeUndefined();
  });

  it('the second copy quits at once', () => {
    fake.singleInstanceLock = false;
    expect(claimSingleInstance(electronApp, vi.fn())).toBe(false);
    expect(fake.exitCode).toBe(0);
  });
});

describe('quit: the clean stop runs once, then the app exits', () => {
  beforeEach(() => fake.reset());

  it('closes the windows, then the service, then quits', async () => {
    const pos = new FakeBrowserWindow({ title: 'pos' });
    const pole = new FakeBrowserWindow({ title: 'pole' });
    const service = { close: vi.fn(async () => void fake.record('service:closed')) };
    installLifecycle(
      electronApp,
      () => shutdown({ windows: () => FakeBrowserWindow.getAllWindows() as never, service }),
      new EventEmitter(),
    );
    const exited = fake.exited();
    app.quit();
    app.quit(); // a second request while stopping waits for the first
    await exited;
    expect(pos.isDestroyed() && pole.isDestroyed()).toBe(true);
    expect(service.close).toHaveBeenCalledOnce();
    expect(fake.log.filter((event) => event !== 'window:create')).toEqual([
      'window:closed',
      'window:closed',
      'service:closed',
      'app:exit',
    ]);
  });

  it('Ctrl-C and SIGTERM quit through the same clean stop', async () => {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      fake.reset();
      const proc = new EventEmitter();
      const stop = vi.fn(async () => undefined);
      installLifecycle(electronApp, stop, proc);
      const exited = fake.exited();
      proc.emit(signal);
      await exited;
      expect(stop).toHaveBeenCalledOnce();
      expect(fake.exitCode).toBe(0);
    }
  });

  it('closing the last window quits, and a failing stop still lets the app exit', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installLifecycle(electronApp, async () => Promise.reject(new Error('disk gone')), new EventEmitter());
    const exited = fake.exited();
    new FakeBrowserWindow({}).close();
    await exited;
    expect(fake.exitCode).toBe(0);
    expect(errors).toHaveBeenCalledWith('servicepay: clean stop failed:', new Error('disk gone'));
    errors.mockRestore();
  });

  it('a service that hangs on close does not keep the app alive', async () => {
    const hung = { close: () => new Promise<void>(() => undefined) };
    const started = Date.now();
    await shutdown({ windows: () => [], service: hung, timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
