// The hold of a register's data folder within one process (the Electron app and browser mode start
// their service in the same process as other code): a second hold is refused while the first lasts,
// a hold naming this process that this process never made (its id, a boot ago) is taken over, and a
// release leaves another holder's file alone; a takeover a start left half done (its claim, hold-takeover.ts)
// is finished by the next start, while one a live start is making is its own.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FolderHeldError,
  folderHolder,
  holdFolder,
  HOLD_FILE,
} from '../../../electron/server/db/sqlite/folder-hold.js';
import { claimName } from '../../../electron/server/db/sqlite/hold-takeover.js';
import { scratchFolder } from '../../support/scratch-folder.js';

const root = scratchFolder('servicepay-folder-hold-');

describe('holding a data folder', () => {
  it('refuses a second hold in the same process, and holds again once released', async () => {
    const hold = await holdFolder(root);
    await expect(holdFolder(root)).rejects.toThrow(new FolderHeldError(root, process.pid).message);
    hold.release();
    hold.release();
    expect(existsSync(join(root, HOLD_FILE))).toBe(false);
    (await holdFolder(root)).release();
  });

  it("takes over a hold naming this process that it never made, and leaves a newer holder's file on release", async () => {
    const file = join(root, HOLD_FILE);
    writeFileSync(file, `${JSON.stringify({ pid: process.pid, boot: null, since: '2026-01-01T00:00:00.000Z' })}\n`);
    const hold = await holdFolder(root);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    const other = `${JSON.stringify({ pid: 1, boot: null })}\n`;
    writeFileSync(file, other);
    hold.release();
    expect(readFileSync(file, 'utf8')).toBe(other);
  });

  it('tells who holds a folder: this process while it holds it, nobody once released or for a dead holder', async () => {
    // The test above left a file naming process 1, which runs: its holder, as far as anyone can tell.
    expect(folderHolder(root)).toEqual({ pid: 1 });
    rmSync(join(root, HOLD_FILE));
    expect(folderHolder(root)).toBeNull();
    const hold = await holdFolder(root);
    expect(folderHolder(root)).toEqual({ pid: process.pid });
    hold.release();
    expect(folderHolder(root)).toBeNull();
    // A hold naming this process that it never made (its id, a boot ago) is over, as for holdFolder.
    writeFileSync(join(root, HOLD_FILE), `${JSON.stringify({ pid: process.pid, boot: null })}\n`);
    expect(folderHolder(root)).toBeNull();
  });

  // A hold naming this process that it never made is over (the tests above): a dead holder's, or a
  // dead start's claim on it, without a second process.
  const over = (since: string) => `${JSON.stringify({ pid: process.pid, boot: null, since })}\n`;

  it('takes over a dead holder’s hold whose takeover a start that died left half done, and clears its claim', async () => {
    const file = join(root, HOLD_FILE);
    writeFileSync(file, over('2026-01-01T00:00:00.000Z'));
    writeFileSync(claimName(file, over('2026-01-01T00:00:00.000Z')), over('2026-01-02T00:00:00.000Z'));
    const hold = await holdFolder(root);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(readdirSync(root)).toEqual([HOLD_FILE]);
    hold.release();
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses, naming it, a folder a live start is taking over from a dead holder this instant', async () => {
    const file = join(root, HOLD_FILE);
    writeFileSync(file, over('2026-01-01T00:00:00.000Z'));
    // Process 1 runs: the start that claimed the dead holder's hold, about to replace it.
    const claim = claimName(file, over('2026-01-01T00:00:00.000Z'));
    writeFileSync(claim, `${JSON.stringify({ pid: 1, boot: null })}\n`);
    await expect(holdFolder(root)).rejects.toThrow(new FolderHeldError(root, 1).message);
    expect(folderHolder(root)).toEqual({ pid: 1 });
    expect(readFileSync(file, 'utf8')).toBe(over('2026-01-01T00:00:00.000Z'));
    expect(readdirSync(root).sort()).toEqual([HOLD_FILE, claim.slice(root.length + 1)].sort());
    rmSync(claim);
    expect(folderHolder(root)).toBeNull();
    rmSync(file);
  });
});
