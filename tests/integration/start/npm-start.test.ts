import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/service-process.js';

// `npm start` in its two modes, one after the other on one build folder (SERVICEPAY_DIST). Browser
// mode comes first, on the empty folder: it builds the pages (`npm run build`, which bundles the
// Electron main too) and the test checks it did; Electron mode then finds both built and serves the
// same pages. In files of their own, each mode ran the whole build (10 s of CPU) again.
const dist = mkdtempSync(join(tmpdir(), 'servicepay-start-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// `npm start` where Electron is not installed (as here) and there is no display: browser mode with
// the URLs printed. The empty build folder (SERVICEPAY_DIST) makes it build the pages first.
describe('npm start in browser mode', () => {
  const data = mkdtempSync(join(tmpdir(), 'servicepay-start-data-'));
  let child: ChildProcess;
  let output = '';
  let port: number;
  const urlOf = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(output)?.[1] ?? '';

  beforeAll(async () => {
    port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, SERVICEPAY_DIST: dist };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    child = spawn(process.execPath, ['scripts/start.mjs', '--port', String(port), '--data', data], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Back office:')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 100_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });

  it('says once that Electron is missing, builds the pages, and prints the three URLs', () => {
    const line = 'Electron is not installed here (its binary could not be downloaded); running in browser mode.';
    expect(output.split('\n').filter((l) => l === line)).toHaveLength(1);
    expect(existsSync(join(dist, 'renderer', 'pos', 'index.html'))).toBe(true);
    expect(urlOf('POS')).toBe(`http://127.0.0.1:${port}/pos/?terminal=front-1`);
    expect(urlOf('Customer display')).toBe(`http://127.0.0.1:${port}/display/?terminal=front-1`);
    expect(urlOf('Back office')).toBe(`http://127.0.0.1:${port}/backoffice/`);
  });

  it('serves the pages with their security policy, and the API, on its embedded SQLite with demo data', async () => {
    for (const label of ['POS', 'Customer display', 'Back office']) {
      const page = await fetch(urlOf(label));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({
      status: 'ok',
      service: 'servicepay',
    });
    const login = await fetch(`http://127.0.0.1:${port}/auth-v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-application': 'servicepay-pos' },
      body: Buffer.from('{"username":"cashier","password":"cashier-demo-1"}').toString('base64'),
    });
    expect(login.status).toBe(200);
    expect(existsSync(join(data, 'servicepay.db'))).toBe(true);
  });

  it('stops cleanly on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('npm start: SIGINT; stopping.');
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 15_000);
});

// `npm start` where Electron is installed. ELECTRON_OVERRIDE_DIST_PATH is Electron's own way to
// point require('electron') at another binary; here that binary runs the built main bundle under
// Node with the fake 'electron' module, which prints what the app does as JSON lines.
// It runs on the build folder browser mode built.
describe('npm start where Electron is installed', () => {
  const fakeDist = mkdtempSync(join(tmpdir(), 'servicepay-fake-electron-'));
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
    for (const dir of [fakeDist, userData]) rmSync(dir, { recursive: true, force: true });
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
    expect(page.status).toBe(200); // the pages browser mode built into SERVICEPAY_DIST
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
