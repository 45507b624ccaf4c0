// The README's "Products" examples, run as written on the demo store: curl against the service, then
// `servicepay products`, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-products-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Products', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Products', work, database);
    expect(blocks).toHaveLength(2);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/"sku":"FLW-001","name":"Blue Dream".*"priceCents":3600,.*"lowStockThreshold":5,/);
    expect(out).toContain(
      '{"resultCode":"FAIL","resultReason":"CONFLICT","resultDetail":"product Purple Punch (FLW-002) is archived already"}',
    );
    expect(out).toContain('product      OG Kush (by the gram) (GV-OG-1)');
    expect(out).toMatch(/GV-OG-1\s+OG Kush \(by the gram\)\s+Flower\s+\$11\.00 \/ g\s+0 g\s+out/);
    expect(out).toContain('price        $12.50 a gram');
    expect(out).toContain('"lowStockThreshold": null');
    expect(out).toMatch(/"tags": \[\s*"staff-pick",\s*"new in"\s*\]/);
    expect(out).toContain('Archived OG Kush (by the gram) (GV-OG-1).');
    expect(out).toContain('Brought back OG Kush (by the gram) (GV-OG-1).');
  });
});
