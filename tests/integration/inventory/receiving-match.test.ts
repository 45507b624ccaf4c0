// The README's `inventory receive … --match` of its delivery.csv, on a store that has two more
// products unrelated to the delivery: Blue Dream's match is as sure as before. On the engine under test.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchFolder } from '../../support/scratch-folder.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, demo } = await demoCli();
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';

/** The README's delivery.csv, as written there. */
function readmeDelivery(): string {
  const file = join(scratchFolder('match-'), 'delivery.csv');
  writeFileSync(
    file,
    [
      '# Manifest: 0004512873',
      '# Shipper licence: C11-0000123-LIC',
      'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price,Expiration Date',
      `${BLUE},Blue Dream Flower 3.5g,40,Each,$560.00,2027-05-02`,
      `${GUMMIES},Watermelon Gummies 10 x 10mg,10,Each,$125.00,2027-11-20`,
      `${BULK},Sour Diesel Bulk Flower,1,Pounds,$1100.00,`,
      '',
    ].join('\n'),
  );
  return file;
}

const product = (sku: string, name: string, type: string, unit: string) =>
  servicepay(
    'products',
    'create',
    ...demo,
    '--sku',
    sku,
    '--name',
    name,
    '--brand',
    'ImpBrand',
    '--type',
    type,
    '--unit',
    unit,
    '--price',
    '30.00',
    '--tax-class',
    'cannabis',
  );

describe(
  'inventory receive --match, once the store has products unrelated to the delivery',
  { timeout: 60_000 },
  () => {
    it('still takes Blue Dream for the README’s delivery, as likely as before', async () => {
      const file = readmeDelivery();
      const before = await servicepay('inventory', 'receive', file, ...demo, '--preview');
      expect(before.stdout).toMatch(
        new RegExp(`^${BLUE}\\s+Blue Dream Flower 3\\.5g\\s+40\\s+FLW-001 Blue Dream \\(likely\\)`, 'm'),
      );
      for (const made of [
        await product('IMP-001', 'Imported Kush 3.5g', 'FLOWER', 'g'),
        await product('IMP-002', 'Imported Gummies', 'EDIBLE', 'mg'),
      ]) {
        expect(made.status, made.stderr).toBe(0);
      }
      const after = await servicepay('inventory', 'receive', file, ...demo, '--preview');
      expect(after.stdout).toBe(before.stdout);
      const received = await servicepay(
        'inventory',
        'receive',
        file,
        ...demo,
        '--room',
        'Quarantine',
        '--match',
        '--product',
        `${GUMMIES}=EDI-001`,
        '--received',
        `${GUMMIES}=8`,
        '--refuse',
        `${BULK}=Seal broken on arrival`,
      );
      expect(received.status, received.stderr).toBe(0);
      expect(received.stdout).toMatch(
        /^Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short\.$/m,
      );
      expect(received.stdout).toMatch(new RegExp(`^${BLUE}\\s+Blue Dream\\s+40\\s+40\\s*$`, 'm'));
      // A package counted in grams says so, shipped and received alike.
      expect(received.stdout).toMatch(new RegExp(`^${BULK}\\s+453\\.592 g\\s+refused\\s+Seal broken on arrival$`, 'm'));
    });
  },
);
