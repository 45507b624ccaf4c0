// `servicepay … --data DIR` on a folder that holds no database (a mistyped path): a refused command
// says the folder held none and leaves nothing behind; one that succeeds keeps the database it made.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';

const root = scratchFolder('servicepay-data-folder-');

describe('servicepay on a folder without a database', { timeout: 60_000 }, () => {
  it('refuses a store it cannot find, saying the folder held no database, and makes neither file nor folder', async () => {
    const data = join(root, 'no-such-store');
    const run = await runServicepay(['deals', 'list', '--dispensary', 'demo', '--data', data]);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `servicepay: no dispensary has the short name demo (${data} held no database: is --data the store's folder?)`,
    );
    expect(existsSync(data)).toBe(false);
  });

  it('leaves a folder that was there as it was, and says the same with --json', async () => {
    const data = join(root, 'empty');
    mkdirSync(data);
    const run = await runServicepay(['--json', 'deals', 'list', '--dispensary', 'demo', '--data', data]);
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ resultReason: 'NOT_FOUND', resultDetail: /held no database/ });
    expect(readdirSync(data)).toEqual([]);
  });

  it('keeps the database a command made when it succeeds, and then finds what it wrote', async () => {
    const data = join(root, 'new-store');
    const added = await runServicepay(['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.', '--data', data]);
    expect(added.status, added.stderr).toBe(0);
    expect(readdirSync(data)).toContain('servicepay.db');
    const listed = await runServicepay(['--json', 'orgs', 'list', '--data', data]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'Mesa Verde Cannabis Co.' })]);
  });
});
