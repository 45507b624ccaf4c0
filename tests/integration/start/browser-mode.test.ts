import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/service-process.js';

// `npm start` where Electron is not installed (as here) and there is no display: browser mode with
// the URLs printed. Its own build folder (SERVICEPAY_DIST) makes it build the pages first.
const dist = mkdtempSync(join(tmpdir(), 'servicepay-start-dist-'));
const data = mkdtempSync(join(tmpdir(), 'servicepay-start-data-'));
let child: ChildProcess;
let output = '';
let port: number;

const urlOf = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(output)?.[1] ?? '';

describe('npm start in browser mode', () => {
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
    rmSync(dist, { recursive: true, force: true });
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
