import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dayAt, dayKey, storeDays } from '../../../electron/server/reports/store-days.js';
import { storeHour } from '../../../electron/server/reports/sales-of-rows.js';

// The summary adds sales up in SQL by a key that must never put two store days in one group: every
// 7 minutes over ranges around clock changes, in zones an hour, half an hour and 45 minutes off UTC,
// one whose clocks move by 30 minutes (Lord Howe) and UTC itself, each group is one store day and
// `dayAt` names it as storeHour does for each of its instants.
let conn: Database.Database;
afterEach(() => conn?.close());

const CASES = [
  { zone: 'America/Los_Angeles', range: { from: '2026-10-30', to: '2026-11-03' } },
  { zone: 'America/Los_Angeles', range: { from: '2027-03-12', to: '2027-03-16' } },
  { zone: 'Asia/Kolkata', range: { from: '2026-03-01', to: '2026-03-04' } },
  { zone: 'Australia/Lord_Howe', range: { from: '2026-04-03', to: '2026-04-07' } },
  { zone: 'Pacific/Chatham', range: { from: '2026-09-25', to: '2026-09-29' } },
  { zone: 'UTC', range: { from: '2026-06-01', to: '2026-06-03' } },
];

describe('dayKey', () => {
  for (const { zone, range } of CASES) {
    it(`keeps store days apart in ${zone} from ${range.from} to ${range.to}`, async () => {
      conn = new Database(':memory:');
      conn.exec('CREATE TABLE t (at text)');
      const days = storeDays(range, zone);
      const insert = conn.prepare('INSERT INTO t (at) VALUES (?)');
      const [first, end] = [Date.parse(days.starts[0]!), Date.parse(days.starts.at(-1)!)];
      for (let at = first; at < end; at += 7 * 60_000) insert.run(new Date(at).toISOString());
      const k = new Kysely<{ t: { at: string } }>({ dialect: new SqliteDialect({ database: conn }) });
      const key = dayKey(days, sql.ref('at'));
      const rows = await k
        .selectFrom('t')
        .select([sql<string>`group_concat(at, ',')`.as('members'), sql<string>`MIN(at)`.as('first')])
        .where('at', '<', days.starts.at(-1)!)
        .groupBy([key, sql`substr(at, 1, 10)`])
        .execute();
      expect(rows.length).toBeGreaterThanOrEqual(days.days.length);
      for (const row of rows) {
        const day = dayAt(days, row.first);
        for (const at of row.members.split(',')) expect(storeHour(at, zone).day, at).toBe(day);
      }
    });
  }
});
