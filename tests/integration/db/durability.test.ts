import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { freshDatabase, TEST_ENGINE } from '../../support/test-database.js';

const database = await freshDatabase();
afterAll(() => database.drop());

describe(`durable commits (${TEST_ENGINE})`, () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const where = database.config.database ?? database.config.dataDir;
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/durable-writer.ts', where], {
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

    const db = await openDataLayer(database.config);
    const rows = await db.all(db.builder.selectFrom('organizations').select('id'));
    await db.close();
    const stored = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // A fixed amount of work (a child process's start and 2,000 durable commits): 8–12 s on PostgreSQL
    // with both cores busy, over 20 s at a load of 12 (issue 33's runs): a budget of its own.
  }, 60_000);
});
