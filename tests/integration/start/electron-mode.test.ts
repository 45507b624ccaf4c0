import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/service-process.js';

// `npm start` where Electron is installed. ELECTRON_OVERRIDE_DIST_PATH is Electron's own way to
// point require('electron') at another binary; here that binary runs the built main bundle under
// Node with the fake 'electron' module, which prints what the app does as JSON lines.
const fakeDist = mkdtempSync(join(tmpdir(), 'servicepay-fake-electron-'));
const dist = mkdtempSync(join(tmpdir(), 'servicepay-electron-dist-'));
const userData = mkdtempSync(join(tmpdir(), 'servicepay-electron-data-'));
const repo = resolve('.');
let child: ChildProcess;
let output = '';
let port: number;
const events = () =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{"event"'))
    .map((line) => JSON.parse(line) as { event: string; url?: string });

describe('npm start where Electron is installed', () => {
  beforeAll(async () => {
    // Electron is started as `electron . <flags>`: the fake drops the app folder and runs package.json's main.
    writeFileSync(
      join(fakeDist, 'electron'),
      `#!/bin/sh\nshift\nexec "${process.execPath}" --import tsx --import "${repo}/tests/support/fake-electron-register.mjs" "${repo}/out/main/index.mjs" "$@"\n`,
    );
    chmodSync(join(fakeDist, 'electron'), 0o755);
    port = await freePort();
    child = spawn(process.execPath, ['scripts/start.mjs', '--port', String(port), '--terminal', 'lane-7'], {
      env: {
        ...process.env,
        ELECTRON_OVERRIDE_DIST_PATH: fakeDist,
        SERVICEPAY_DIST: dist,
        FAKE_ELECTRON_CHILD: '1',
        FAKE_ELECTRON_USER_DATA: userData,
        // npm start passes its data folder to Electron: never the real one of whoever runs the tests.
        SERVICEPAY_DATA_DIR: userData,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (events().filter((e) => e.event === 'window:load').length < 2) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`Electron did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 100_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of [fakeDist, dist, userData]) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the app in Electron, not browser mode, with the flags it was given', async () => {
    expect(output).not.toContain('running in browser mode');
    const loads = events()
      .filter((e) => e.event === 'window:load')
      .map((e) => e.url);
    expect(loads).toEqual([
      `http://127.0.0.1:${port}/pos/?terminal=lane-7`,
      `http://127.0.0.1:${port}/display/?terminal=lane-7`,
    ]);
    const page = await fetch(loads[0]!);
    expect(page.status).toBe(200); // the pages were built into SERVICEPAY_DIST first
  });

  it('passes SIGTERM to Electron, which stops cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(
      events()
        .map((e) => e.event)
        .slice(-3),
    ).toEqual(['window:closed', 'window:closed', 'app:exit']);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 15_000);
});
