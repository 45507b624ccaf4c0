import { sql, type Kysely } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/**
 * A package's tag as tags are compared (`tagKey` in catalog/import/package-tags.ts says the same):
 * spaces, tabs and line breaks at either end dropped, ASCII letters in upper case, every other
 * character as it is. PostgreSQL's `upper` under the "C" collation changes ASCII letters only, as
 * SQLite's does, so both engines (and the code) give one key for one tag.
 */
const KEY_OF: Record<EngineKind, (label: string) => string> = {
  sqlite: (label) => `upper(trim(${label}, ' ' || char(9, 10, 13)))`,
  postgres: (label) => `upper(btrim(${label}, E' \\t\\n\\r') COLLATE "C")`,
};

/**
 * SQLite cannot change the row being written, so the key is set just after it, when it is not right
 * already. A migration that rebuilds `packages` must make these again.
 */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const key = KEY_OF.sqlite('NEW.label');
  const set = `BEGIN UPDATE packages SET label_key = ${key} WHERE id = NEW.id; END`;
  await sql
    .raw(`CREATE TRIGGER packages_label_key_insert AFTER INSERT ON packages WHEN NEW.label_key IS NOT ${key} ${set}`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER packages_label_key_update AFTER UPDATE OF label, label_key ON packages ` +
        `WHEN NEW.label_key IS NOT ${key} ${set}`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE FUNCTION packages_label_key() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `NEW.label_key := ${KEY_OF.postgres('NEW.label')}; RETURN NEW; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER packages_label_key BEFORE INSERT OR UPDATE OF label, label_key ON packages ` +
        `FOR EACH ROW EXECUTE FUNCTION packages_label_key()`,
    )
    .execute(db);
}

/**
 * Migration 55: a package's state tag found however it was spelled when stored (README "Catalog
 * files", "A state tag is one package's").
 * - `packages.label_key`: the tag as tags are compared, filled for every package there is and kept
 *   by the database on every write of a label (the product form, imports, receiving, a register's
 *   refresh, a restore), whoever writes it.
 * - `packages_label_key`: packages by that key, for every lookup by tag (an organization's holders of
 *   a tag, a package named by its tag); it replaces `packages_label` (migration 41), which only
 *   found a tag as spelled.
 * Two packages whose tags were stored in different cases now share a key: both are kept (the index is
 * not unique), and `servicepay catalog check` lists them so one is given its own tag.
 */
export const packageLabelKey: Migration = {
  version: 55,
  name: 'package-label-key',
  async up({ db, engine }) {
    await db.schema
      .alterTable('packages')
      .addColumn('label_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql.raw(`UPDATE packages SET label_key = ${KEY_OF[engine]('label')}`).execute(db);
    await (engine === 'sqlite' ? sqliteTriggers(db) : postgresTriggers(db));
    await db.schema.dropIndex('packages_label').execute();
    await db.schema.createIndex('packages_label_key').on('packages').column('label_key').execute();
  },
};
