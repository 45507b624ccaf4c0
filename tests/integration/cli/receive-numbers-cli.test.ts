// The numbers `servicepay inventory receive` and `inventory adjust` take, refused in words and before
// anything is written (README "Receiving", "Inventory adjustments"): a quantity received below zero
// as the HTTP API refuses it, a new product's price in the dollars typed, and part of a unit of a
// product sold by the unit. On the engine under test, the demo store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReceiptPreview } from '../../../shared/contracts/receiving.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
const scratch = scratchFolder('receive-numbers-');
const TAG = '1A4FF0100000022000000401';
// The demo's first tagged package: a jar of Blue Dream (FLW-001), sold by the unit.
const BLUE_DREAM_JAR = '1A4060300003D12000000001';

/** A manifest of its own: ten jars of Blue Dream under one new tag. */
function delivery(): string {
  const file = join(scratch, 'd3.csv');
  writeFileSync(
    file,
    '# Manifest: 0004513001\n# Shipper licence: C11-0000123-LIC\n' +
      'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price\n' +
      `${TAG},Blue Dream Flower 3.5g,10,Each,$140.00\n`,
  );
  return file;
}

/** A run that must be refused in one line of words (never a stack trace), answering the line. */
async function refused(...args: string[]): Promise<string> {
  const run = await servicepay(...args);
  expect(run.status, run.stdout).toBe(1);
  expect(run.stderr).toMatch(/^servicepay: [^\n]+\n$/);
  return run.stderr;
}

describe('the numbers inventory receive and adjust take', { timeout: 60_000 }, () => {
  const file = delivery();
  const receive = ['inventory', 'receive', file, ...demo, '--room', 'Quarantine'];

  /** Nothing was kept: the manifest is not received and its tag is in no store. */
  async function nothingKept() {
    const preview = await json<ReceiptPreview>('inventory', 'receive', file, ...demo, '--preview');
    expect(preview.receivedAlready).toBeNull();
    expect(preview.manifest!.packages[0]!.tagInStockAt).toBeNull();
  }

  it('refuses a quantity received below zero in words, keeping nothing', async () => {
    for (const amount of ['-1', '-0.5', '-10']) {
      const said = await refused(...receive, '--product', `${TAG}=FLW-001`, '--received', `${TAG}=${amount}`);
      expect(said).toBe(
        `servicepay: --received is below zero (${amount}): say what arrived of package ${TAG}, at most 10, ` +
          'or refuse it with a reason\n',
      );
    }
    // With a new product too: the delivery refused keeps no product.
    expect(await refused(...receive, '--create', `${TAG}=24`, '--received', `${TAG}=-1`)).toContain(
      '--received is below zero (-1)',
    );
    expect((await servicepay('products', 'show', TAG, ...demo)).status).toBe(1);
    // The service's other refusals of the quantity name the option too.
    expect(await refused(...receive, '--product', `${TAG}=FLW-001`, '--received', `${TAG}=0`)).toBe(
      `servicepay: --received is 0: refuse package ${TAG} instead, with a reason\n`,
    );
    expect(await refused(...receive, '--product', `${TAG}=FLW-001`, '--received', `${TAG}=11`)).toBe(
      `servicepay: --received is more than was shipped (10) for package ${TAG}\n`,
    );
    await nothingKept();
  });

  it('refuses a quantity received that is not a plain number', async () => {
    for (const amount of ['0x8', '1e0', 'abc', ' ']) {
      const said = await refused(...receive, '--product', `${TAG}=FLW-001`, '--received', `${TAG}=${amount}`);
      expect(said).toMatch(/--received must be TAG=quantity such as 1A4FF0100000022000000401=8, not "/);
    }
    await nothingKept();
  });

  it("refuses a new product's price below zero or past the most, in the dollars typed and naming --create", async () => {
    const create = (price: string) => refused(...receive, '--create', `${TAG}=${price}`);
    for (const price of ['-5', '$-5', '-0.01']) {
      const said = await create(price);
      expect(said).toBe(`servicepay: --create must be a price of at least $0.00 for package ${TAG}, not "${price}"\n`);
      expect(said).not.toMatch(/cents|priceCents/);
    }
    expect(await create('1000000.01')).toBe(
      `servicepay: --create must be a price of at most $1,000,000.00 for package ${TAG}, not "1000000.01"\n`,
    );
    await nothingKept();
  });

  it('says part of a unit of a product sold by the unit is refused because it is sold by the unit', async () => {
    const said = await refused('inventory', 'adjust', BLUE_DREAM_JAR, ...demo, '--delta', '-0.5', '--reason', 'damage');
    expect(said).toBe(
      'servicepay: --delta must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram\n',
    );
  });
});
