import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, type DemoService } from '../support/demo-service.js';
import { listenOnLoopback } from '../support/real-port.js';

// `npm start -- --server URL` on a new register asks a manager's password on its terminal: run in
// a real pseudo-terminal (util-linux `script`), whose line discipline echoes what is typed unless
// the program turns echo off, the password typed never shows, while the questions do.
let server: DemoService;
let url: string;
const folders: string[] = [];
beforeAll(async () => {
  server = await demoService();
  url = `http://127.0.0.1:${await listenOnLoopback(server.app)}`;
});
afterAll(async () => {
  await server.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The first start's questions in a pseudo-terminal: `answer` types once `prompt` has shown. */
function onTerminal() {
  const data = mkdtempSync(join(tmpdir(), 'servicepay-prompt-'));
  folders.push(data);
  const command = [process.execPath, '--import', 'tsx', 'tests/integration/start/support/attach-on-terminal.ts'];
  const quoted = [...command, url, data].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qefc', quoted, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  const seen = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const wait of waiting.filter((w) => output.includes(w.text))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout.on('data', seen);
  child.stderr.on('data', seen);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    /** Waits until `prompt` is on the terminal, then types `keys`. */
    async answer(prompt: string, keys: string) {
      if (!output.includes(prompt)) await new Promise<void>((resolve) => waiting.push({ text: prompt, resolve }));
      child.stdin.write(keys);
    },
    end: () => child.stdin.end(),
  };
}

describe("the manager's password at a register's first start", { timeout: 60_000 }, () => {
  it('is never shown as it is typed (a typo taken back with Backspace), and the register is attached', async () => {
    const terminal = onTerminal();
    await terminal.answer("The store's short name on the server: ", 'demo\r');
    await terminal.answer("Manager's username: ", 'manager\r');
    await terminal.answer('Password: ', 'manager-demo-1x\u007f\r');
    const code = await terminal.exited;
    terminal.end();
    const output = terminal.output();
    expect(code, output).toBe(0);
    expect(output).toContain('Password: ');
    expect(output).toMatch(/Register front-7 is attached to /);
    expect(output).toContain('manager'); // the username is shown as typed…
    expect(output).not.toContain('demo-1'); // …the password never
  });

  it('Ctrl-C at the password stops the start in words, attaching nothing', async () => {
    const terminal = onTerminal();
    await terminal.answer("The store's short name on the server: ", 'demo\r');
    await terminal.answer("Manager's username: ", 'manager\r');
    await terminal.answer('Password: ', 'secret-1\u0003');
    const code = await terminal.exited;
    terminal.end();
    expect(code, terminal.output()).toBe(1);
    expect(terminal.output()).toMatch(/npm start: .*Ctrl-C/);
    expect(terminal.output()).not.toContain('secret-1');
    expect(terminal.output()).not.toContain('is attached to');
  });
});
