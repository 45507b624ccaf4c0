import { sql } from 'kysely';
import type { DataLayer, WriteWork } from './data-layer.js';
import type { Queryable } from './query.js';

/**
 * The replica version of store `dispensaryId`: the database's set-up changes (migration 019) plus
 * the store's own (migration 027). Both only grow, so the sum moves whenever either does.
 */
export async function readReplicaVersion(q: DataLayer, dispensaryId: string): Promise<number> {
  const row = await q.first(
    q.builder
      .selectFrom('replica_version as v')
      .select((eb) => [
        'v.version',
        eb
          .selectFrom('store_replica_versions as s')
          .select('s.version')
          .where('s.dispensary_id', '=', dispensaryId)
          .as('store'),
      ])
      .where('v.id', '=', 1),
  );
  return Number(row?.version ?? 0) + Number(row?.store ?? 0);
}

/**
 * When a store's customers or their points last changed (null: it has none), from the last entries
 * of migration 24's and 45's indexes: customers are not set-up (they change all day) and do not move
 * the replica version.
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
  const points = await q.first(
    q.builder
      .selectFrom('loyalty_ledger')
      .select(sql<string | null>`MAX(created_at)`.as('at'))
      .where('dispensary_id', '=', dispensaryId),
  );
  const times = [row?.updated_at, points?.at].filter((at): at is string => typeof at === 'string');
  return times.length === 0 ? null : times.sort().at(-1)!;
}

/** Moves the database's version, or store `dispensaryId`'s alone, in the write `tx`. */
export async function moveReplicaVersion(db: DataLayer, tx: Queryable, dispensaryId?: string): Promise<void> {
  if (dispensaryId === undefined) {
    await tx.run(
      db.builder
        .updateTable('replica_version')
        .set({ version: sql<number>`version + 1` })
        .where('id', '=', 1),
    );
    return;
  }
  await tx.run(
    db.builder
      .insertInto('store_replica_versions')
      .values({ dispensary_id: dispensaryId, version: 1 })
      .onConflict((conflict) =>
        conflict.column('dispensary_id').doUpdateSet({ version: sql<number>`store_replica_versions.version + 1` }),
      ),
  );
}

/**
 * `db` for store set-up: each of its writes also moves a replica version, in its transaction, so
 * attached registers (which read theirs every second) refresh their replica at once. Given
 * `dispensaryId`, for a change of that store's own rows only: its registers alone refresh. Without,
 * the database's version moves and every register refreshes (a change of an organization's
 * processors or of its logins for every store).
 */
export function versionedSetupDb(db: DataLayer, dispensaryId?: string): DataLayer {
  const write = <T>(work: WriteWork<T>) =>
    db.write(async (tx) => {
      const result = await work(tx);
      await moveReplicaVersion(db, tx, dispensaryId);
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
