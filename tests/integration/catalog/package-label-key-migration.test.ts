import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tagKey } from '../../../electron/server/catalog/import/package-tags.js';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 55 keeps every package's tag as tags are compared (`packages.label_key`: trimmed, ASCII
// letters in upper case, as `tagKey` says), filled for the packages there are and kept by the
// database on every later write of a label, whoever writes it. Two packages whose tags differ only
// in case already (stored before the rule) keep both: the migration does not fail on them.
const m = new MigrationDatabase();
afterEach(() => m.close());

const keys = async () =>
  (
    await sql<{ id: string; label: string; label_key: string }>`
    SELECT id, label, label_key FROM packages ORDER BY id`.execute(m.db)
  ).rows;

/** Stored in mixed case, as an import before the rule or a state system's sync wrote them. */
const MIXED = '1a4060300003C35000012345';
const STORED: [string, string][] = [
  ['pk1', MIXED],
  ['pk2', '1A4060300003C35000012345'], // the same tag in upper case: a duplicate by case
  ['pk3', ' 1a4060300003c35000099999\t'],
  ['pk4', ''],
  ['pk5', '1a4-é-ß'], // letters beyond ASCII are kept as they are, by both engines and tagKey
];

async function store(): Promise<void> {
  await m.store();
  for (const [id] of STORED) {
    await m.insert('products', { id: `p-${id}`, dispensary_id: 'shop', sku: `SKU-${id}`, tax_class_id: 1 });
  }
  for (const [id, label] of STORED) {
    await m.insert('packages', { id, product_id: `p-${id}`, location_id: 'floor', label });
  }
}

describe(`migration 55 on ${TEST_ENGINE}`, () => {
  it('fills every package’s tag key from 54, keeping both packages of a tag stored in two cases', async () => {
    await m.open();
    await m.migrated(54);
    await store();

    await m.migrated(55);

    expect(await keys()).toEqual(STORED.map(([id, label]) => ({ id, label, label_key: tagKey(label) })));
    expect((await keys()).map((row) => row.label_key)).toEqual([
      '1A4060300003C35000012345',
      '1A4060300003C35000012345',
      '1A4060300003C35000099999',
      '',
      '1A4-é-ß',
    ]);
  });

  it('keeps the key on every later write of a label, whoever writes it; its index replaces the label’s', async () => {
    await m.open();
    await m.migrated(55);
    await store();
    expect((await keys()).map((row) => row.label_key)).toEqual(STORED.map(([, label]) => tagKey(label)));

    await sql`UPDATE packages SET label = ${'  1a4060300003c35000077777 '} WHERE id = 'pk4'`.execute(m.db);
    // A row copied whole with another label (a refresh, a restore) does not keep the copied key.
    await sql`UPDATE packages SET label = 'x1', label_key = 'WRONG' WHERE id = 'pk5'`.execute(m.db);
    await sql`UPDATE packages SET on_hand_milli = 5000 WHERE id = 'pk1'`.execute(m.db);
    const rows = await keys();
    expect(rows.find((row) => row.id === 'pk4')!.label_key).toBe('1A4060300003C35000077777');
    expect(rows.find((row) => row.id === 'pk5')!.label_key).toBe('X1');
    expect(rows.find((row) => row.id === 'pk1')!.label_key).toBe('1A4060300003C35000012345');

    const indexes =
      TEST_ENGINE === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'packages'`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = 'packages'`;
    const names = (await indexes.execute(m.db)).rows.map((row) => row.name);
    expect(names).toContain('packages_label_key');
    expect(names).not.toContain('packages_label');
  });
});
