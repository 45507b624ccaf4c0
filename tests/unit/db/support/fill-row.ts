import type Database from 'better-sqlite3';

export type Row = Record<string, string | number | null>;

/** Inserts `values` into `table`, filling every other NOT NULL column without a default with a value of its type. */
export function insertFilled(conn: Database.Database, table: string, values: Row): void {
  const columns = conn.prepare(`SELECT name, type, "notnull", dflt_value FROM pragma_table_info(?)`).all(table) as {
    name: string;
    type: string;
    notnull: number;
    dflt_value: string | null;
  }[];
  const row: Row = { ...values };
  for (const c of columns) {
    if (c.name in row || c.notnull === 0 || c.dflt_value !== null) continue;
    row[c.name] = /int|real/i.test(c.type) ? 0 : `${table}-${c.name}`;
  }
  const names = Object.keys(row);
  const marks = names.map(() => '?').join(', ');
  conn
    .prepare(`INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${marks})`)
    .run(...names.map((n) => row[n]));
}
