import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/server/db/database.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('durable commits', () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/durable-writer.ts', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      acknowledged.push(...lines);
      if (acknowledged.length >= 2_000 && !child.killed) child.kill('SIGKILL');
    });
    const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    expect(exit).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(2_000);

    const db = openDatabase(dir);
    const stored = new Set(db.prepare('SELECT id FROM organizations').pluck().all() as string[]);
    db.close();
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
  });
});
