// The README's "Inventory adjustments" examples, run as written on the demo store: curl against the
// service, then `servicepay inventory`, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-inventory-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Inventory adjustments', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Inventory adjustments', work, database);
    expect(blocks).toHaveLength(2);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toContain('"code":"entry_error","name":"Entry error (a quantity typed wrong)"');
    expect(out).toMatch(/"delta":-1,"quantityBefore":40,"quantityAfter":39,"reason":"damage","reasonName":"Damaged"/);
    expect(out).toContain('Reasons from the default list (no state profile):');
    expect(out).toContain('Adjusted Blue Dream (package 1A4060300003D12000000001): -1, 39 → 38 on hand, Damaged.');
    expect(out).toContain(
      'Adjusted Blue Dream (package 1A4060300003D12000000001): -26, 38 → 12 on hand, Inventory count.',
    );
    expect(out).toMatch(/"reason": "damage",\s+"reasonName": "Damaged"/);
    expect(out).toContain("Inventory adjustments: a manager's PIN for those of more than 5");
  });
});
