// The `servicepay` catalog commands as a user runs them, on a temporary data folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';

const ROOT = join(import.meta.dirname, '../../..');
const FIXTURES = join(ROOT, 'tests/fixtures/catalog');
const dir = mkdtempSync(join(tmpdir(), 'servicepay-cli-test-'));
const database = await freshDatabase();

const servicepay = async (...args: string[]) => {
  const { status, stdout, stderr } = await runServicepay([...database.args, ...args]);
  return { code: status, stdout, stderr };
};

describe('servicepay catalog commands', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const loaded = await servicepay('demo', 'load');
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(
      /^Loaded dispensary Green Valley Dispensary \(short name demo, id [0-9a-f-]{36}\) with 48 products\.\nOrganization: Green Valley Holdings \(id [0-9a-f-]{36}\)$/m,
    );
    expect(loaded.stdout).toMatch(/^manager\s+manager-demo-1\s+Manager$/m);
    expect(loaded.stdout).toContain('client_id=');
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  it('refuses to load the demo twice', async () => {
    const again = await servicepay('demo', 'load');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already has dispensaries');
  });

  it('imports a CSV file into the demo dispensary and lists it', async () => {
    const imported = await servicepay('catalog', 'import', join(FIXTURES, 'valid-catalog.csv'), '--dispensary', 'demo');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /^Imported 5 products into Green Valley Dispensary: 5 created, 0 updated in \d+\.\d\d s\.$/m,
    );
    expect(imported.stderr).toBe(''); // no progress bar when stderr is not a terminal

    const again = await servicepay(
      '--json',
      'catalog',
      'import',
      join(FIXTURES, 'valid-catalog.csv'),
      '--dispensary',
      'demo',
    );
    expect(JSON.parse(again.stdout)).toMatchObject({ resultCode: 'SUCCESS', created: 0, updated: 5 });

    const listed = await servicepay('--json', 'catalog', 'list', '--dispensary', 'demo', '--search', 'northern lights');
    const skus = JSON.parse(listed.stdout).items.map((item: { sku: string }) => item.sku);
    expect(skus).toContain('IMP-002');
  });

  it('says what a price list kept, one product in the singular', async () => {
    const file = join(dir, 'price-list.csv');
    writeFileSync(
      file,
      'sku,type,name,brand,size,weight,unitType,price,taxClass,quantityOnHand,packageLabel\n' +
        'VAP-001,VAPE,Pineapple Express Cartridge,Cloud Nine Labs,1g,1,g,41.00,cannabis,26,\n',
    );
    const result = await servicepay('catalog', 'import', file, '--dispensary', 'demo');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Imported 1 product into Green Valley Dispensary: 0 created, 1 updated in \d+\.\d\d s\.$/m,
    );
    expect(result.stdout).toContain(
      'The updated product kept its subtype, barcodes, deli, discountPercent, discountDescription, cannabisWeight, ' +
        'thc and tags, which the file leaves out.',
    );
    const listed = await servicepay('--json', 'catalog', 'list', '--dispensary', 'demo', '--search', 'VAP-001');
    expect(JSON.parse(listed.stdout).items[0]).toMatchObject({
      subtype: 'Cartridge',
      barcodes: '0860012000180',
      discountDescription: '15% off: staff pick',
      price: '41.00',
    });
  });

  it('says in words that a file does not exist, and where a JSON file is broken', async () => {
    const missing = await servicepay('catalog', 'import', join(dir, 'nonexist.csv'), '--dispensary', 'demo');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`servicepay: file ${join(dir, 'nonexist.csv')} does not exist\n`);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '[\n  {"sku": "X-9", "type": "FLOWER"\n  "name": "A"}\n]\n');
    const result = await servicepay('catalog', 'import', broken, '--dispensary', 'demo');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "line 3: file: is not valid JSON at line 3, column 3: expected ',' or '}' after property value",
    );
    expect(result.stderr).not.toMatch(/position/);
  });

  it('refuses a format it does not read and a page past its size, naming the option', async () => {
    const file = join(dir, 'prices.xml');
    writeFileSync(file, '<products/>\n');
    const format = await servicepay('catalog', 'import', file, '--dispensary', 'demo', '--format', 'xml');
    expect([format.code, format.stderr]).toEqual([1, 'servicepay: --format must be csv or json\n']);
    const page = await servicepay('catalog', 'list', '--dispensary', 'demo', '--limit', '500');
    expect([page.code, page.stderr]).toEqual([1, 'servicepay: --limit must be a whole number from 1 to 200\n']);
  });

  it('lists errors with line numbers and exits 1 when a row is bad, importing nothing', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(
      file,
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\nX-1,FLOWER,A,1,g,1.00,cannabis,1\nX-2,FLOWER,B,1,g,-3,cannabis,1\n',
    );
    const result = await servicepay('catalog', 'import', file, '--dispensary', 'demo');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('line 3: price: must be at least 0');
    const listed = await servicepay('--json', 'catalog', 'list', '--dispensary', 'demo', '--search', 'X-1');
    expect(JSON.parse(listed.stdout).items).toEqual([]);
  });

  it('refuses a state tag another package has, naming its product, and imports nothing', async () => {
    const file = join(dir, 'copied-tag.csv');
    writeFileSync(
      file,
      'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel\n' +
        'TAG-1,FLOWER,Copied Jar,3.5,g,30.00,cannabis,5,1A4060300003D12000000001\n',
    );
    const result = await servicepay('catalog', 'import', file, '--dispensary', 'demo');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'line 2: packageLabel: 1A4060300003D12000000001 is already the tag of a package of Blue Dream (FLW-001); ' +
        'a state tag belongs to one package only',
    );
    const listed = await servicepay('--json', 'catalog', 'list', '--dispensary', 'demo', '--search', 'TAG-1');
    expect(JSON.parse(listed.stdout).items).toEqual([]);
  });

  it('adds an organization and a dispensary, and lists them', async () => {
    const org = JSON.parse((await servicepay('--json', 'orgs', 'add', 'Acme Cannabis')).stdout);
    expect(org.name).toBe('Acme Cannabis');
    const added = await servicepay(
      'dispensaries',
      'add',
      'acme-1',
      '--name',
      'Acme One',
      '--org',
      org.id,
      '--timezone',
      'America/Denver',
      '--street',
      '1 Main St',
      '--city',
      'Denver',
      '--state',
      'CO',
      '--zip',
      '80202',
      '--hours',
      '10:00-20:00',
    );
    expect(added.code).toBe(0);
    const list = JSON.parse((await servicepay('--json', 'dispensaries', 'list')).stdout);
    expect(list.map((d: { shortName: string }) => d.shortName)).toEqual(['acme-1', 'demo']);
    expect(list[0]).toMatchObject({ timezone: 'America/Denver', preparationMinutes: 15 });

    const bad = await servicepay(
      'dispensaries',
      'add',
      'Too_Long_Name',
      '--name',
      'X',
      '--org',
      org.id,
      '--timezone',
      'UTC',
      '--street',
      's',
      '--city',
      'c',
      '--state',
      'st',
      '--zip',
      'z',
    );
    expect([bad.code, bad.stderr]).toEqual([
      1,
      'servicepay: <short> must be kebab case (a-z, 0-9 and single dashes)\n',
    ]);
  });

  it('has help for every command', async () => {
    const help = await servicepay('catalog', 'import', '--help');
    expect(help.stdout).toContain('--dispensary <short>');
    expect(help.stdout).toContain('nothing is imported');
  });
});
