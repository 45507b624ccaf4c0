import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { FORWARDED } from '../../../electron/server/db/migrations/020-forwarding.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { FORWARD_TABLES } from '../../../electron/server/registers/forward-tables.js';
import { sql } from 'kysely';

// A register's forward queue is only as complete as its triggers: a column added to a forwarded
// table by a later migration must be captured too (migration 020's captureTriggers, called again).
let dir: string;
let db: DataLayer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'servicepay-triggers-'));
  db = await openDataLayer({ dataDir: dir, poolSize: 1, listen: false });
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const query = <R>(text: string) => db.all(sql<R>`${sql.raw(text)}`.compile(db.builder));

describe("a register's change capture", () => {
  it('captures every column of every forwarded table, on insert and update', async () => {
    const triggers = await query<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'forward_%'",
    );
    for (const [table] of FORWARDED) {
      const columns = await query<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`);
      expect(columns.length, table).toBeGreaterThan(1);
      for (const event of ['insert', 'update']) {
        const trigger = triggers.find((t) => t.name === `forward_${table}_${event}`);
        expect(trigger, `forward_${table}_${event}`).toBeDefined();
        for (const { name } of columns) expect(trigger!.sql, `${table}.${name}`).toContain(`'${name}', NEW.${name}`);
      }
    }
  });

  it('notes the version an update of a versioned row was made over, and none for an insert', async () => {
    const triggers = await query<{ name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'forward_%'",
    );
    const sqlOf = (name: string) => triggers.find((t) => t.name === name)!.sql;
    for (const table of ['orders', 'payments', 'customers']) {
      expect(sqlOf(`forward_${table}_update`), table).toMatch(/base_version\).*, OLD\.updated_at\); END$/s);
      expect(sqlOf(`forward_${table}_insert`), table).toMatch(/, NULL\); END$/);
    }
    // A table without a version: nothing to check its changes against.
    expect(sqlOf('forward_cash_z_counters_update')).toMatch(/, NULL\); END$/);
  });

  it("forwards a package's stock as what moved: on hand, and the open orders' claims with what is short", async () => {
    // Migration 030's trigger; a later migration that calls captureTriggers again (which writes
    // migration 020's back, reserved alone) must call stockClaimsTrigger after it.
    const [trigger] = await query<{ sql: string }>(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'forward_packages_stock'",
    );
    expect(trigger!.sql).toContain('AFTER UPDATE OF on_hand_milli, reserved_milli, short_milli ON packages');
    expect(trigger!.sql).toContain(
      'NEW.on_hand_milli - OLD.on_hand_milli, (NEW.reserved_milli + NEW.short_milli) - (OLD.reserved_milli + OLD.short_milli)',
    );
  });

  it('captures exactly the tables the server applies', () => {
    expect(FORWARDED.map(([table]) => table).sort()).toEqual(Object.keys(FORWARD_TABLES).sort());
    for (const [table, key] of FORWARDED) expect(FORWARD_TABLES[table]!.key, table).toEqual(key);
  });

  it('queues a change with its whole row once the register is attached, and nothing while a refresh writes', async () => {
    const counter = (terminal: string, last: number) =>
      db.write((tx) =>
        tx.run(db.builder.insertInto('cash_z_counters').values({ dispensary_id: 'd', terminal_id: terminal, last })),
      );
    const queued = () =>
      query<{ table_name: string; op: string; row_json: string }>('SELECT * FROM forward_queue ORDER BY seq');
    await counter('standalone', 1);
    expect(await queued()).toEqual([]);
    await db.write((tx) =>
      tx.run(
        db.builder.insertInto('server_link').values({
          register_id: 'r',
          server_url: 'http://store',
          secret: 's',
          dispensary_id: 'd',
          name: 'front-1',
          attached_at: 'now',
          queue_id: 'q',
        }),
      ),
    );
    await counter('front-1', 7);
    expect(await queued()).toEqual([
      {
        seq: 1,
        table_name: 'cash_z_counters',
        row_id: null,
        op: 'upsert',
        row_json: JSON.stringify({ dispensary_id: 'd', terminal_id: 'front-1', last: 7 }),
        on_hand_delta: null,
        reserved_delta: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        base_version: null,
      },
    ]);
    await db.write((tx) => tx.run(db.builder.updateTable('server_link').set({ capture: 0 })));
    await counter('front-2', 1);
    expect(await queued()).toHaveLength(1);
  });
});
