import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 25: on PostgreSQL, the function a one-statement write (`DataLayer.writeSteps`) ends with.
 * It raises SQLSTATE SPW01 (so the whole statement writes nothing) when the write's last step
 * changed another number of rows than expected: what it was built on no longer holds. SQLite
 * checks the count in its transaction and needs nothing.
 */
export const staleWriteGuard: Migration = {
  version: 25,
  name: 'stale-write-guard',
  async up({ db, engine }) {
    if (engine !== 'postgres') return;
    await sql`
      create function servicepay_expect_changes(changed bigint, expected bigint) returns bigint
      language plpgsql as $$
      begin
        if changed is distinct from expected then
          raise exception 'a write expected % changed rows and changed %', expected, changed
            using errcode = 'SPW01';
        end if;
        return changed;
      end
      $$`.execute(db);
  },
};
