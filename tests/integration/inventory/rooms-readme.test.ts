// The README's "Rooms and packages" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-rooms-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Rooms and packages', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Rooms and packages', work, database);
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    // Rooms by name, without their ids (--json answers those).
    expect(out).toMatch(/^room\s+kind\s+sells\s+packages\s+state$/m);
    expect(out).toMatch(/^Sales floor\s+Sales floor\s+yes\s+\d+$/m);
    expect(out).toMatch(/^Vault\s+Storage\s+no\s+0$/m);
    expect(out).toMatch(/^Added Back room, a storage room: its stock does not sell\.$/m);
    expect(out).toMatch(/^1A4060300003D12000000001\s+Sales floor\s+[\d.]+\s+.*sells next$/m);
    expect(out).toMatch(/^Moved Blue Dream \(1A4060300003D12000000001\): Sales floor → Vault\.$/m);
    expect(out).toMatch(/^Moved Blue Dream \(1A4060300003D12000000001\): Vault → Sales floor\.$/m);
    expect(out).toMatch(
      /^Blue Dream \(1A4060300003D12000000001\): packaged 2026-11-02; expires 2027-05-02; lab results THC 21\.4%, passed\.$/m,
    );
    expect(out).toMatch(/^Back room \(archived\)\.$/m);
  });
});
