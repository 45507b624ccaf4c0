import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** One backup made, as the database remembers it (the back office shows the newest). */
export interface BackupRecord {
  id: string;
  file: string;
  bytes: number;
  automatic: boolean;
  schemaVersion: number;
  startedAt: string;
  finishedAt: string;
}

/** The log of backups made of this database. */
export class BackupsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: Omit<BackupRecord, 'automatic'> & { automatic: number }) =>
        k.insertInto('backups').values({
          id: p.id,
          file: p.file,
          bytes: p.bytes,
          automatic: p.automatic,
          schema_version: p.schemaVersion,
          started_at: p.startedAt,
          finished_at: p.finishedAt,
        }),
      ),
      latest: db.prepare((k) =>
        k
          .selectFrom('backups')
          .select([
            'id',
            'file',
            'bytes',
            'automatic',
            'schema_version as schemaVersion',
            'started_at as startedAt',
            'finished_at as finishedAt',
          ])
          .orderBy('finished_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      ),
    };
  }

  async record(tx: Queryable, backup: BackupRecord): Promise<void> {
    await tx.run(this.q.insert, { ...backup, automatic: backup.automatic ? 1 : 0 });
  }

  /** The newest backup, or undefined when none was ever made. */
  async latest(q: Queryable): Promise<BackupRecord | undefined> {
    const row = await q.first(this.q.latest);
    return (
      row && {
        ...row,
        bytes: Number(row.bytes),
        automatic: row.automatic === 1,
        schemaVersion: Number(row.schemaVersion),
      }
    );
  }
}
