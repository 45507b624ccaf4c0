// `servicepay products label` as an operator runs it, on the engine under test, the demo store, with
// the test printer on 127.0.0.1 as register front-1's printer.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { TestPrinter } from '../../support/test-printer.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
let printer: TestPrinter;

/** Runs the command (in this process, which goes on answering as the test printer meanwhile). */
const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
const label = (...args: string[]) => servicepay('products', 'label', ...args, '--dispensary', 'demo');

beforeAll(async () => {
  printer = await new TestPrinter().start();
  expect((await servicepay('demo', 'load')).status).toBe(0);
  expect((await servicepay('printers', 'set', 'front-1', printer.address, '--dispensary', 'demo')).status).toBe(0);
}, 60_000);
afterAll(async () => {
  await printer.stop();
  await database.drop();
});

describe('servicepay products label', { timeout: 60_000 }, () => {
  it('prints shelf and package labels, saying so in words and as JSON', async () => {
    const shelf = await label('FLW-001', '--kind', 'shelf', '--copies', '2');
    expect(shelf.status, shelf.stderr).toBe(0);
    expect(shelf.stdout.trim()).toBe("Printed 2 shelf labels of Blue Dream on front-1's printer.");
    expect(printer.decoded.at(-1)!.cuts).toBe(2);

    const pkg = await servicepay(
      '--json',
      'products',
      'label',
      'FLW-001',
      '--dispensary',
      'demo',
      '--kind',
      'package',
      '--printer',
      'front-1',
    );
    expect(pkg.status, pkg.stderr).toBe(0);
    expect(JSON.parse(pkg.stdout)).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: true,
      printer: 'front-1',
      productName: 'Blue Dream',
      kind: 'package',
      packageLabel: '1A4060300003D12000000001',
      copies: 1,
    });
    const job = printer.decoded.at(-1)!;
    expect(job.barcodes).toEqual(['1A4060300003D12000000001']);
    expect(job.lines.map((line) => line.trim())).toContain('1A4060300003D12000000001');
  });

  it('labels a received package with its own lab results, not the product’s THC', async () => {
    const manifest = fileURLToPath(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url));
    const received = await servicepay(
      'inventory',
      'receive',
      manifest,
      '--dispensary',
      'demo',
      '--room',
      'Quarantine',
      '--product',
      '1A4FF0100000022000000201=FLW-001',
      '--product',
      '1A4FF0100000022000000202=EDI-001',
      '--refuse',
      '1A4FF0100000022000000203=Seal broken on arrival',
    );
    expect(received.status, received.stderr).toBe(0);
    const run = await label('FLW-001', '--kind', 'package', '--package', '1A4FF0100000022000000201');
    expect(run.status, run.stderr).toBe(0);
    const lines = printer.decoded.at(-1)!.lines.map((line) => line.trim());
    // Its manifest's THC % (24.6 of the jar's 3.5 g), not the product's 735 mg (21 %).
    expect(lines).toContain('THC 24.6% (861 mg)');
    expect(lines.join('\n')).not.toContain('THC 21%');
  });

  it('refuses bad input naming the option, prints nothing, and exits 1', async () => {
    const before = printer.jobs.length;
    const cases: [string[], string][] = [
      [['FLW-001', '--kind', 'shelf', '--copies', 'two'], '--copies must be a whole number from 1 to 50, not "two"'],
      [['FLW-001', '--kind', 'shelf', '--copies', '0'], '--copies must be a whole number from 1 to 50, not 0'],
      [['FLW-001', '--kind', 'shelf', '--copies', '51'], '--copies must be a whole number from 1 to 50, not 51'],
      [['FLW-001', '--kind', 'sticker'], '--kind must be shelf or package, not "sticker"'],
      [['NOPE-1', '--kind', 'shelf'], 'no product has the id or SKU NOPE-1 at Green Valley Dispensary'],
      [['ACC-001', '--kind', 'package'], 'product Unbleached Rolling Papers 1 1/4 (ACC-001) has no package'],
      [['FLW-001', '--kind', 'shelf', '--printer', 'front-9'], 'register front-9 has no receipt printer'],
    ];
    for (const [args, words] of cases) {
      const run = await label(...args);
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain(`servicepay: ${words}`);
    }
    expect((await servicepay('products', 'archive', 'FLW-002', '--dispensary', 'demo')).status).toBe(0);
    const archived = await label('FLW-002', '--kind', 'shelf');
    expect(archived.stderr.trim()).toBe(
      'servicepay: product Purple Punch (FLW-002) is archived: bring it back before printing its labels',
    );
    expect(printer.jobs.length).toBe(before);
  });

  it('says why when the printer did not take them, and exits 1', async () => {
    await printer.setMode('refuse');
    try {
      const run = await label('FLW-001', '--kind', 'shelf');
      expect(run.status).toBe(1);
      expect(run.stdout.trim()).toMatch(
        /^The shelf label of Blue Dream did not print on front-1's printer\. The printer at 127\.0\.0\.1:\d+ refused the connection \(is it on, and is that its address\?\)\.$/,
      );
    } finally {
      await printer.setMode('ok');
    }
  });
});
