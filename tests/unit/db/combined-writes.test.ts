import { describe, expect, it } from 'vitest';
import { combinedWrite, guardedWrite } from '../../../electron/server/db/postgres/combined-writes.js';
import type { Prepared, WriteStep } from '../../../electron/server/db/query.js';

const prepared = (sql: string, params: string[]): Prepared<unknown, unknown> => ({
  sql,
  slots: params.map((param) => ({ param })),
  name: sql,
});
const step = (sql: string, params: Record<string, unknown>): WriteStep => ({
  query: prepared(sql, Object.keys(params)),
  params,
});

describe('several writes as one PostgreSQL statement', () => {
  it('makes every write but the last a WITH clause, its placeholders numbered after the ones before', () => {
    const write = combinedWrite([
      step('insert into "a" ("x", "y") values ($1, $2)', { x: 1, y: 'two' }),
      step('insert into "b" ("z") values ($1)', { z: 3 }),
      step('update "c" set "v" = $1 where "id" = $2', { v: true, id: 'c1' }),
    ]);
    expect(write.sql).toBe(
      'with w0 as (insert into "a" ("x", "y") values ($1, $2)), w1 as (insert into "b" ("z") values ($3)) ' +
        'update "c" set "v" = $4 where "id" = $5',
    );
    // Flags are stored as 0/1, as every statement's values are.
    expect(write.values).toEqual([1, 'two', 3, 1, 'c1']);
  });

  it('answers one write as it is', () => {
    expect(combinedWrite([step('delete from "d" where "id" = $1', { id: 4 })]).sql).toBe(
      'delete from "d" where "id" = $1',
    );
  });

  it('refuses a write whose "$" is not one of its placeholders, or that has a WITH of its own', () => {
    expect(() =>
      combinedWrite([
        step(`insert into "e" ("p") values ('$9')`, {}),
        step('insert into "f" ("q") values ($1)', { q: 1 }),
      ]),
    ).toThrow(/holds a "\$" that is not one of its placeholders/);
    expect(() =>
      combinedWrite([step('with t as (select 1) insert into "g" select * from t', {}), step('delete from "h"', {})]),
    ).toThrow(/cannot have its own WITH/);
  });

  it('guards a write: every write a WITH clause, the last answering its rows, counted against the last value', () => {
    const write = guardedWrite(
      [
        step('insert into "a" ("x") values ($1)', { x: 1 }),
        step('update "c" set "v" = "v" + $1 where "id" in ($2, $3)', { v: 2, a: 'c1', b: 'c2' }),
      ],
      2,
    );
    expect(write.sql).toBe(
      'with w0 as (insert into "a" ("x") values ($1)), w1 as (update "c" set "v" = "v" + $2 where "id" in ($3, $4) returning 1) ' +
        'select servicepay_expect_changes((select count(*) from w1), $5) as changed',
    );
    expect(write.values).toEqual([1, 2, 'c1', 'c2', 2]);
    expect(() => guardedWrite([step('delete from "d" where "id" = $1 returning "id"', { id: 1 })], 1)).toThrow(
      /answers rows already/,
    );
  });
});
