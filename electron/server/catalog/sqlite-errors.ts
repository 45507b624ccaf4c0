import Database from 'better-sqlite3';

/** True when `error` is SQLite refusing a row because a UNIQUE or PRIMARY KEY value is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
  );
}
