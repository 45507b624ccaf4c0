// The README's "Deals" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-deals-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Deals', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Deals', work, database);
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^Added Wednesday edibles at Green Valley Dispensary: 20 % off Edibles, Wednesdays\.$/m);
    // Scoped to the single pre-rolls: by category it would take the $40 party packs too, 3 for $20.
    expect(out).toMatch(
      /^Added 3 pre-rolls for \$20 at Green Valley Dispensary: Any 3 of Blue Dream Pre-Roll and Northern Lights Pre-Roll for \$20\.00\.$/m,
    );
    expect(out).toMatch(/^Wednesday edibles: 20 % off Edibles, Wednesdays, 10:00 AM–2:00 PM\.$/m);
    expect(out).toMatch(/^Spring code: .+ \(paused\)\.$/m);
    expect(out).toMatch(/^deal\s+gives\s+state\s+id$/m);
    expect(out).toMatch(/^Archived Spring code at Green Valley Dispensary\.$/m);
  });
});
