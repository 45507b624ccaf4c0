// `servicepay inventory receive FILE` as an operator runs it, on the engine under test, the demo store.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { scratchFolder } from '../../support/scratch-folder.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo, database } = await demoCli();
const FILE = fileURLToPath(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url));
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';
/** Where the tests write their own manifests. */
const scratch = scratchFolder('manifest-');

/** The delivery, its gummies named so that two products are alike and neither is clearly the one. */
function vagueManifest(): string {
  const file = join(scratch, 'vague.csv');
  writeFileSync(
    file,
    readFileSync(FILE, 'utf8').replace('"Kiva ""Camino"" Gummies, Watermelon 100mg"', 'Watermelon Sleep Gummies'),
  );
  return file;
}

describe('servicepay inventory receive', { timeout: 60_000 }, () => {
  it('previews the manifest with each package’s likely product, receiving nothing', async () => {
    const shown = await servicepay('inventory', 'receive', FILE, ...demo, '--preview');
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Manifest 0004512873 from Emerald Valley Distribution, LLC$/m);
    expect(shown.stdout).toMatch(/^package\s+item\s+shipped\s+product\s+note$/m);
    expect(shown.stdout).toMatch(
      /^1A4FF0100000022000000201\s+Blue Dream Flower 3\.5g\s+40\s+FLW-001 Blue Dream \(likely\)/m,
    );
    // Only "possibly" where --match would not take it (two sleep gummies alike, neither clearly ahead).
    const vague = await servicepay('inventory', 'receive', vagueManifest(), ...demo, '--preview');
    expect(vague.status, vague.stderr).toBe(0);
    expect(vague.stdout).toMatch(
      new RegExp(
        `^${GUMMIES}\\s+Watermelon Sleep Gummies\\s+10\\s+EDI-001 Watermelon Gummies 10 x 10mg \\(possibly\\)`,
        'm',
      ),
    );
    // Sour Diesel sells by the unit: it cannot take the bulk package counted in grams, and is not offered as its product.
    expect(shown.stdout).toMatch(
      new RegExp(
        `^${BULK}\\s+Sour Diesel Bulk Flower\\s+453\\.592 g\\s+not Sour Diesel \\(FLW-006\\): it sells by the unit, but this package is counted in grams$`,
        'm',
      ),
    );
  });

  it('never takes with --match a product that cannot take the package', async () => {
    const matched = await servicepay(
      'inventory',
      'receive',
      FILE,
      ...demo,
      '--room',
      'Quarantine',
      '--match',
      '--product',
      `${GUMMIES}=EDI-001`,
    );
    expect(matched.status).toBe(1);
    // Asked for, not taken and refused by the service ("Sour Diesel (FLW-006) sells by the unit, but …").
    expect(matched.stderr.trim()).toBe(
      `servicepay: --product is needed for package ${BULK} (Sour Diesel Bulk Flower): give --product TAG=SKU, ` +
        'or --refuse TAG=reason (--match takes the sure suggestions; --create TAG=price makes a new product)',
    );
  });

  it('refuses in words to receive packages it was not told about, and a file it cannot read', async () => {
    const undecided = await servicepay('inventory', 'receive', FILE, ...demo, '--room', 'Quarantine');
    expect(undecided.status).toBe(1);
    expect(undecided.stderr).toContain(
      '--product is needed for packages 1A4FF0100000022000000201 (Blue Dream Flower 3.5g)',
    );
    expect(undecided.stderr).toContain('give --product TAG=SKU, or --refuse TAG=reason');
    // "likely" only where --match would take the product; a product only possible is said so.
    expect(undecided.stderr).toContain(
      '1A4FF0100000022000000201 (Blue Dream Flower 3.5g) (likely FLW-001, Blue Dream);',
    );
    const vague = await servicepay('inventory', 'receive', vagueManifest(), ...demo, '--room', 'Quarantine');
    expect(vague.status).toBe(1);
    expect(vague.stderr).toContain(
      `${GUMMIES} (Watermelon Sleep Gummies) (possibly EDI-001, Watermelon Gummies 10 x 10mg);`,
    );
    const missing = await servicepay('inventory', 'receive', '/nowhere/delivery.csv', ...demo, '--room', 'Vault');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe('servicepay: /nowhere/delivery.csv cannot be read (there is no such file)\n');
    const noRoom = await servicepay('inventory', 'receive', FILE, ...demo, '--match');
    expect(noRoom.stderr).toContain('--room is needed');
    // What the service refuses of the options names them, never its fields (packages[0].productId, room).
    const decided = ['--match', '--product', `${GUMMIES}=EDI-001`, '--refuse', `${BULK}=Seal broken`];
    const nowhere = await servicepay('inventory', 'receive', FILE, ...demo, '--room', 'Attic', ...decided);
    expect([nowhere.status, nowhere.stderr]).toEqual([
      1,
      'servicepay: --room is not a room of Green Valley Dispensary: "Attic" (Sales floor, Quarantine, Vault)\n',
    ]);
    const unknown = await servicepay(
      ...['inventory', 'receive', FILE, ...demo, '--room', 'Vault', ...decided],
      ...['--product', '1A4FF0100000022000000201=FLW-999'],
    );
    expect([unknown.status, unknown.stderr]).toEqual([
      1,
      'servicepay: --product names no product of this store: "FLW-999" (give its id or SKU)\n',
    ]);
  });

  it('refuses a package refused without a reason, or with one past 200 characters, receiving nothing', async () => {
    const args = ['inventory', 'receive', FILE, ...demo, '--room', 'Quarantine', '--match'];
    const gummies = ['--product', `${GUMMIES}=EDI-001`];
    for (const [reason, words] of [
      ['   ', `--refuse must say why package ${BULK} is refused`],
      ['y'.repeat(201), '--refuse must be at most 200 characters (it has 201)'],
    ] as const) {
      const refused = await servicepay(...args, ...gummies, '--refuse', `${BULK}=${reason}`);
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([1, '', `servicepay: ${words}\n`]);
    }
    const shown = await json<{ receivedAlready: string | null }>('inventory', 'receive', FILE, ...demo, '--preview');
    expect(shown.receivedAlready).toBeNull();
  });

  it('says every problem of the decisions at once, a line each, naming the options, receiving nothing', async () => {
    const args = ['inventory', 'receive', FILE, ...demo, '--room', 'Quarantine', '--match'];
    const refused = await servicepay(
      ...args,
      ...['--product', `${GUMMIES}=EDI-001`, '--received', `${GUMMIES}=11`],
      ...['--refuse', `${BULK}=   `],
    );
    expect([refused.status, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toBe(
      `servicepay: --received is more than was shipped (10) for package ${GUMMIES}\n` +
        `servicepay: --refuse must say why package ${BULK} is refused\n`,
    );
    const shown = await json<{ receivedAlready: string | null }>('inventory', 'receive', FILE, ...demo, '--preview');
    expect(shown.receivedAlready).toBeNull();
  });

  it('receives it with the sure matches, a shortage and a refusal, then refuses it a second time', async () => {
    const args = ['inventory', 'receive', FILE, ...demo, '--room', 'Quarantine', '--match'];
    const decided = [
      ...args,
      '--product',
      `${GUMMIES}=EDI-001`,
      '--received',
      `${GUMMIES}=8`,
      '--refuse',
      `${BULK}=Seal broken`,
    ];
    const words = await servicepay(...decided);
    expect(words.status, words.stderr).toBe(0);
    expect(words.stdout).toMatch(/^Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short\.$/m);
    expect(words.stdout).toMatch(new RegExp(`^${GUMMIES}\\s+Watermelon Gummies 10 x 10mg\\s+10\\s+8\\s+short 2$`, 'm'));
    expect(words.stdout).toMatch(new RegExp(`^${BULK}\\s+453\\.592 g\\s+refused\\s+Seal broken$`, 'm'));
    const again = await servicepay(...decided);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/manifest 0004512873 was already received at Green Valley Dispensary on /);
    // Received already is said first, whatever decisions are missing.
    for (const undecided of [args, [...args, '--product', `${GUMMIES}=EDI-001`, '--refuse', `${BULK}=x`]]) {
      const twice = await servicepay(...undecided);
      expect(twice.status).toBe(1);
      expect(twice.stderr.trim()).toMatch(
        /^servicepay: manifest 0004512873 was already received at Green Valley Dispensary on [A-Z][a-z]{2}\s\d{1,2},\s\d{4},\s\d{1,2}:\d\d\s[AP]M\s\S+$/,
      );
    }
    const shown = await json<{ receivedAlready: string }>('inventory', 'receive', FILE, ...demo, '--preview');
    expect(shown.receivedAlready).toMatch(
      /^received at Green Valley Dispensary on [A-Z][a-z]{2}\s\d{1,2},\s\d{4},\s\d{1,2}:\d\d\s[AP]M\s\S+$/,
    );
  });

  it('receives a package as a new product with --create, at the price given, and says what it made', async () => {
    const file = join(scratch, 'new-product.csv');
    const fresh = '1A4FF0100000022000000401';
    const text = readFileSync(FILE, 'utf8').replace('0004512873', '0004512401').replace(GUMMIES, fresh);
    writeFileSync(file, text.replace('1A4FF0100000022000000201', '1A4FF0100000022000000402'));
    const args = [
      'inventory',
      'receive',
      file,
      ...demo,
      '--room',
      'Vault',
      '--match',
      '--refuse',
      `${BULK}=Seal broken`,
    ];
    const bad = await servicepay(...args, '--create', `${fresh}=twelve`);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`--create must be TAG=price in dollars such as ${fresh}=12.50, not "twelve"`);
    const noClass = await servicepay(...args, '--create', `${fresh}=24`, '--tax-class', 'luxury');
    expect(noClass.status).toBe(1);
    expect(noClass.stderr).toBe(
      'servicepay: --tax-class is not a tax class of Green Valley Dispensary: "luxury" ' +
        `(package ${fresh}, Kiva "Camino" Gummies, Watermelon 100mg)\n`,
    );
    // A new product's category is the manifest's: one it does not say is the new product's, not a field's.
    const odd = join(scratch, 'odd-item.csv');
    const item = '"Kiva ""Camino"" Gummies, Watermelon 100mg",Edible,';
    writeFileSync(odd, readFileSync(file, 'utf8').replace(item, 'Mystery Thing,Widgets,'));
    const unsorted = await servicepay(...args.map((arg) => (arg === file ? odd : arg)), '--create', `${fresh}=24`);
    expect([unsorted.status, unsorted.stderr]).toEqual([
      1,
      `servicepay: --create: the new product's category must be one of ${PRODUCT_TYPES.join(', ')} ` +
        `(package ${fresh}, Mystery Thing)\n`,
    ]);
    const { receipt } = await json<{ receipt: ReceiptView }>(
      ...args,
      '--create',
      `${fresh}=$24.50`,
      '--received',
      `${fresh}=9`,
    );
    expect(receipt.lines[1]).toMatchObject({
      label: fresh,
      productName: 'Kiva "Camino" Gummies, Watermelon 100mg',
      received: 9,
    });
    const made = await json<{ product: { sku: string; type: string; priceCents: number; taxClass: string } }>(
      'products',
      'show',
      fresh,
      ...demo,
    );
    expect(made.product).toMatchObject({ sku: fresh, type: 'EDIBLE', priceCents: 2450, taxClass: 'cannabis' });
  });

  it('says a delivery received whole without the parts that are 0 (no "0 refused, 0 short")', async () => {
    const file = join(scratch, 'whole.csv');
    const [licence, shipper, header, first] = readFileSync(FILE, 'utf8').split('\n').slice(1);
    const row = first!.replace('1A4FF0100000022000000201', '1A4FF0100000022000000299');
    writeFileSync(file, ['# Manifest: 0004512877', licence, shipper, header, row, ''].join('\n'));
    const whole = await servicepay('inventory', 'receive', file, ...demo, '--room', 'Vault', '--match');
    expect(whole.status, whole.stderr).toBe(0);
    expect(whole.stdout).toMatch(/^Received manifest 0004512877 into Vault: 1 package accepted\.$/m);
  });

  it('prints the receipt as JSON with --json', async () => {
    const file = FILE.replace('delivery-with-shortage.csv', 'metrc-transfer.json');
    const shown = await json<{ manifest: { packages: { label: string }[] } }>(
      'inventory',
      'receive',
      file,
      ...demo,
      '--preview',
    );
    const refuse = shown.manifest.packages.flatMap((p) => ['--refuse', `${p.label}=Not ordered`]);
    const { receipt } = await json<{ receipt: ReceiptView }>(
      'inventory',
      'receive',
      file,
      ...demo,
      '--room',
      'Vault',
      ...refuse,
    );
    expect(receipt).toMatchObject({
      manifestNumber: '0001977406',
      room: 'Vault',
      accepted: 0,
      refused: shown.manifest.packages.length,
    });
  });

  it('lists the delivery and a move among the state records, and retries only a failed one', async () => {
    const keys = 'vendor-key-abcd1234\nuser-key-wxyz5678\n';
    const set = ['state-reporting', 'set', ...demo, '--url', 'https://api-ca.metrc.com', '--keys-stdin'];
    expect((await runServicepay([...set, ...database.args], keys)).status).toBe(0);
    const tag = '1A4FF0100000022000000301';
    const file = join(scratch, 'delivery.csv');
    const text = readFileSync(FILE, 'utf8').replace('0004512873', '0004512999').replace(GUMMIES, tag);
    writeFileSync(file, text.replace('1A4FF0100000022000000201', '1A4FF0100000022000000302'));
    const received = await servicepay(
      'inventory',
      'receive',
      file,
      ...demo,
      '--room',
      'Vault',
      '--match',
      '--product',
      `${tag}=EDI-001`,
      '--refuse',
      `${BULK}=Seal broken`,
    );
    expect(received.status, received.stderr).toBe(0);
    expect((await servicepay('inventory', 'move', tag, ...demo, '--room', 'Sales floor')).status).toBe(0);
    const day = await json<{ packageRecords: { id: string; summary: string; status: string }[] }>(
      'state-reporting',
      'records',
      ...demo,
    );
    expect(day.packageRecords.map((r) => [r.summary, r.status])).toEqual([
      ['Delivery 0004512999 received: 2 packages accepted, 1 refused', 'pending'],
      [`Package ${tag} moved to Sales floor`, 'pending'],
    ]);
    const table = await servicepay('state-reporting', 'records', ...demo);
    expect(table.stdout).toMatch(
      /Delivery 0004512999 received: 2 packages accepted, 1 refused\s+0004512999\s+Waiting to send/,
    );
    const waiting = await servicepay('state-reporting', 'retry', day.packageRecords[1]!.id, ...demo);
    expect(waiting.status).toBe(1);
    expect(waiting.stderr).toContain(
      'the state package record is still waiting to be sent: only a failed one is retried',
    );
    const unknown = await servicepay('state-reporting', 'retry', 'no-such-record', ...demo);
    expect(unknown.stderr).toContain('no state package record no-such-record');
  });
});
