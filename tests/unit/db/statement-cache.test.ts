import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatementCache } from '../../../electron/server/db/sqlite/statement-cache.js';

// The SQLite statements read rows as arrays and build the objects in JavaScript (statement-cache.ts):
// each row must be what better-sqlite3's own objects were, whatever the columns are called.
let conn: Database.Database;
let cache: StatementCache;
beforeEach(() => {
  conn = new Database(':memory:');
  conn.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, price INTEGER, data BLOB, note TEXT);
    INSERT INTO t VALUES (1, 'Blue Dream', 3500, x'0102', NULL), (2, 'OG "Kush"', 4200, NULL, 'it''s');`);
  cache = new StatementCache(conn);
});
afterEach(() => conn.close());

/** What better-sqlite3 answers itself for `sql`. */
const theirs = (sql: string, values: unknown[] = []) => conn.prepare(sql).all(values);

describe('StatementCache', () => {
  it.each([
    ['every column of a table', 'SELECT * FROM t ORDER BY id'],
    ['aliases of any spelling', `SELECT id AS "a b", name AS "quote""d", price AS "ünïcode", note AS "x.y" FROM t`],
    ['expressions without an alias', 'SELECT price * 2, upper(name), 1 = 1 FROM t ORDER BY id'],
    ['two columns of one name (the last wins, as before)', 'SELECT id AS v, name AS v FROM t ORDER BY id'],
    ['no row', 'SELECT * FROM t WHERE id = 99'],
  ])('answers the rows as objects like better-sqlite3: %s', (_, sql) => {
    const rows = cache.run(sql, []).rows;
    expect(rows).toEqual(theirs(sql));
    expect(rows.map((row) => Object.keys(row as object))).toEqual(theirs(sql).map((row) => Object.keys(row as object)));
    // Prepared once: the second run reads the same way.
    expect(cache.run(sql, []).rows).toEqual(rows);
  });

  it('names the columns a table gained since the statement was prepared (another process migrated it)', () => {
    expect(cache.run('SELECT * FROM t WHERE id = 1', []).rows).toEqual([
      { id: 1, name: 'Blue Dream', price: 3500, data: Buffer.from([1, 2]), note: null },
    ]);
    conn.exec("ALTER TABLE t ADD COLUMN room TEXT DEFAULT 'vault'");
    const [row] = cache.run('SELECT * FROM t WHERE id = 1', []).rows;
    expect(row).toEqual(theirs('SELECT * FROM t WHERE id = 1')[0]);
    expect(row).toMatchObject({ room: 'vault' });
  });

  it('keeps a column named __proto__ as a column, not the row prototype', () => {
    const [row] = cache.run('SELECT name AS "__proto__", id FROM t WHERE id = ?', [1]).rows as Record<
      string,
      unknown
    >[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('Blue Dream');
    expect(row!.id).toBe(1);
  });

  it('answers a write’s count of changes, and the rows a write returns', () => {
    expect(cache.run('UPDATE t SET price = price + 1 WHERE id <= ?', [2])).toEqual({ rows: [], changes: 2 });
    const inserted = cache.run('INSERT INTO t (name, price) VALUES (?, ?) RETURNING id, name', ['Gelato', 900]);
    expect(inserted).toEqual({ rows: [{ id: 3, name: 'Gelato' }], changes: 1 });
    expect(theirs('SELECT price FROM t ORDER BY id')).toEqual([{ price: 3501 }, { price: 4201 }, { price: 900 }]);
  });
});
