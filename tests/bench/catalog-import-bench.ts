// Catalog import benchmark: 100 000 products from CSV into a durable SQLite database (the register's).
// Run: node --import tsx tests/bench/catalog-import-bench.ts [rows]. Exits 1 above the 60 s budget.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import { importCatalogFile } from '../../electron/server/catalog/import/catalog-import.js';
import { withCheckDigit } from '../../electron/server/demo/demo-ids.js';
import { OrganizationRepository } from '../../electron/server/dispensaries/organization-repository.js';
import { TaxRepository } from '../../electron/server/catalog/tax-repository.js';
import { openSqlite } from '../../electron/server/db/sqlite/sqlite-data-layer.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const BUDGET_SECONDS = 60;
const TYPES = ['FLOWER', 'PREROLL', 'VAPE', 'EDIBLE', 'CONCENTRATE', 'TINCTURE', 'TOPICAL', 'ACCESSORY'];
const HEADER =
  'sku,type,subtype,brand,name,size,weight,unitType,barcodes,price,taxClass,deli,quantityOnHand,packageLabel,discountPercent,discountDescription';

async function writeCsv(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write(`${HEADER}\n`);
  for (let i = 1; i <= rows; i += 1) {
    const type = TYPES[i % TYPES.length]!;
    const deli = type === 'FLOWER' && i % 10 === 0;
    const line = [
      `SKU-${String(i).padStart(7, '0')}`,
      type,
      'Hybrid',
      `Brand ${i % 97}`,
      `"Product ${i}, batch ${i % 13}"`,
      deli ? 'per gram' : '3.5g',
      deli ? 1 : 3.5,
      type === 'ACCESSORY' ? 'each' : 'g',
      `${withCheckDigit(String(860_000_000_000 + i))}|${withCheckDigit(String(i).padStart(11, '0'))}`,
      `${5 + (i % 90)}.${String(i % 100).padStart(2, '0')}`,
      type === 'ACCESSORY' ? 'non-cannabis' : 'cannabis',
      deli,
      deli ? '125.375' : String(i % 50),
      `1A40603000${String(i).padStart(14, '0')}`,
      i % 20 === 0 ? 10 : '',
      i % 20 === 0 ? '10% off' : '',
    ].join(',');
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function setUp(dataDir: string) {
  const db = await openSqlite(dataDir);
  const now = new Date();
  const hours = { open: '09:00', close: '21:00' };
  await db.write(async (tx) => {
    const organization = await new OrganizationRepository(db).create(tx, 'Bench Holdings', now);
    const dispensary = await new DispensaryRepository(db).create(
      tx,
      {
        organizationId: organization.id,
        shortName: 'bench',
        name: 'Bench Store',
        timezone: 'America/Denver',
        preparationMinutes: 10,
        openingHours: Array(7).fill(hours),
        address: {
          street: '1 Main St',
          city: 'Denver',
          state: 'CO',
          zip: '80202',
          county: null,
          country: 'US',
          type: null,
          comment: '',
          longitude: null,
          latitude: null,
          apt: '',
        },
      },
      now,
    );
    const taxes = new TaxRepository(db);
    await taxes.createClass(tx, dispensary.id, {
      code: 'cannabis',
      name: 'Cannabis',
      rates: [{ name: 'Excise', ratePpm: 150_000 }],
    });
    await taxes.createClass(tx, dispensary.id, {
      code: 'non-cannabis',
      name: 'Other',
      rates: [{ name: 'Sales', ratePpm: 72_500 }],
    });
  });
  return db;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-import-bench-'));
  try {
    const file = join(dir, 'catalog.csv');
    await writeCsv(file, ROWS);
    const db = await setUp(join(dir, 'data'));
    const megabytes = (statSync(file).size / 1e6).toFixed(1);
    const first = await importCatalogFile(db, { dispensaryShortName: 'bench', file, now: new Date() });
    const again = await importCatalogFile(db, { dispensaryShortName: 'bench', file, now: new Date() });
    await db.close();
    if (!first.ok || !again.ok)
      throw new Error(`import failed: ${JSON.stringify(first.ok ? again : first).slice(0, 500)}`);
    const report = (label: string, seconds: number) =>
      console.log(
        `${label}: ${ROWS} rows (${megabytes} MB) in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s`,
      );
    report(`create (${first.created} created)`, first.seconds);
    report(`re-import (${again.updated} updated)`, again.seconds);
    const worst = Math.max(first.seconds, again.seconds);
    console.log(`budget ${BUDGET_SECONDS} s: ${worst <= BUDGET_SECONDS ? 'PASS' : 'FAIL'}`);
    if (worst > BUDGET_SECONDS) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
