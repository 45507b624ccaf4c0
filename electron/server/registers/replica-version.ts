import { sql } from 'kysely';
import type { DataLayer, WriteWork } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** The server's replica version: how many set-up changes there were (migration 019). */
export async function readReplicaVersion(q: DataLayer): Promise<number> {
  const row = await q.first(q.builder.selectFrom('replica_version').select('version').where('id', '=', 1));
  return Number(row?.version ?? 0);
}

/**
 * When a store's customers last changed (null: it has none), from the last entry of migration 24's
 * index: customers are not set-up (they change all day) and do not move the replica version.
 */
export async function customersChangedAt(q: DataLayer, dispensaryId: string): Promise<string | null> {
  const row = await q.first(
    q.builder
      .selectFrom('customers')
      .select('updated_at')
      .where('dispensary_id', '=', dispensaryId)
      .orderBy('updated_at', 'desc')
      .limit(1),
  );
  return row?.updated_at ?? null;
}

async function bump(db: DataLayer, tx: Queryable): Promise<void> {
  await tx.run(
    db.builder
      .updateTable('replica_version')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', 1),
  );
}

/**
 * `db` for store set-up: each of its writes also moves the replica version, in its transaction, so
 * attached registers (which read the version every second) refresh their replica at once. One
 * version for the whole database: a change at one store has every register read its store again,
 * which set-up's rare changes afford.
 */
export function versionedSetupDb(db: DataLayer): DataLayer {
  const write = <T>(work: WriteWork<T>) =>
    db.write(async (tx) => {
      const result = await work(tx);
      await bump(db, tx);
      return result;
    });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'write') return write;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
