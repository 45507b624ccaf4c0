import Database from 'better-sqlite3';

/**
 * A SQLite file opened on its own, outside a running data layer: what a register's backups and
 * restores check and change (the engine's driver stays in this folder).
 */
export class SqliteFile {
  private constructor(private readonly db: Database.Database) {}

  /** Opens `file`; `busyWaitMs` 0 answers SQLITE_BUSY at once when another connection holds it. */
  static open(file: string, options: { readonly?: boolean; mustExist?: boolean; busyWaitMs?: number } = {}) {
    return new SqliteFile(
      new Database(file, {
        readonly: options.readonly ?? false,
        fileMustExist: options.mustExist ?? false,
        timeout: options.busyWaitMs ?? 5000,
      }),
    );
  }

  /** Runs `use` on `file` opened as `open` does, and closes it. */
  static with<T>(file: string, options: Parameters<typeof SqliteFile.open>[1], use: (file: SqliteFile) => T): T {
    const opened = SqliteFile.open(file, options);
    try {
      return use(opened);
    } finally {
      opened.close();
    }
  }

  /**
   * Switches the file to a rollback journal, folding its WAL in, so the file alone is the whole
   * database. False when another connection has it open (SQLite keeps WAL mode then).
   */
  useRollbackJournal(): boolean {
    try {
      this.db.pragma('journal_mode = DELETE');
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
      throw error;
    }
  }

  /** What SQLite's `integrity_check` finds wrong; empty when the file is whole. */
  integrityProblems(): string[] {
    const rows = this.db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).filter((message) => message !== 'ok');
  }

  tableNames(): Set<string> {
    const rows = this.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    return new Set(rows.map((row) => row.name));
  }

  /** True when no table holds a row but the migrations' own (`schema_migrations`, `replica_version`). */
  holdsOnlySchema(): boolean {
    const own = new Set(['schema_migrations', 'replica_version']);
    const tables = [...this.tableNames()].filter((name) => !own.has(name) && !name.startsWith('sqlite_'));
    return tables.every((name) => this.first(`SELECT 1 FROM "${name.replace(/"/g, '""')}" LIMIT 1`) === undefined);
  }

  userVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  /** The first row of `sql`, or undefined. */
  first<T>(sql: string): T | undefined {
    return this.db.prepare<[], T>(sql).get();
  }

  close(): void {
    this.db.close();
  }
}
