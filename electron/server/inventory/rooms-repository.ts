import { sql, type Insertable } from 'kysely';
import { tagKey } from '../catalog/import/package-tags.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { PackageMovesTable, RoomsTable } from '../db/schema/inventory.js';
import { emptyPlaceholder } from './placeholder-packages.js';

/** A room as stored, with how many packages with stock on hand are in it. */
export interface RoomRow {
  id: string;
  dispensaryId: string;
  locationId: string;
  name: string;
  kind: RoomsTable['kind'];
  archived: number;
  packages: number;
}

const selectPackageRows = (k: Builder) =>
  k
    .selectFrom('packages as k')
    .innerJoin('products as p', 'p.id', 'k.product_id')
    .leftJoin('rooms as r', 'r.id', 'k.room_id')
    .select([
      'k.id as packageId',
      'k.label',
      'k.location_id as locationId',
      'p.id as productId',
      'p.name as productName',
      'p.sku',
      'p.unit_type as unitType',
      'p.dispensary_id as dispensaryId',
      'k.room_id as roomId',
      'r.name as roomName',
      'r.kind as roomKind',
      'k.on_hand_milli as onHandMilli',
      sql<number>`k.reserved_milli + k.short_milli`.as('heldMilli'),
      'k.unit_cost_cents as unitCostCents',
      'k.packaged_on as packagedOn',
      'k.expires_on as expiresOn',
      'k.lab_results as labResults',
    ]);

/** One package as the rooms' screens read it: its product, room, stock and the state's dates. */
export type PackageRoomRow = Awaited<ReturnType<ReturnType<typeof selectPackageRows>['executeTakeFirstOrThrow']>>;

/** A store's rooms, the packages in them, and the record of packages moved between them. */
export class RoomsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    const withStock = sql<number>`(SELECT COUNT(*) FROM packages k WHERE k.room_id = r.id AND k.on_hand_milli > 0)`;
    this.q = {
      rooms: db.prepare((k, p: { locationId: string }) =>
        k
          .selectFrom('rooms as r')
          .select([
            'r.id',
            'r.dispensary_id as dispensaryId',
            'r.location_id as locationId',
            'r.name',
            'r.kind',
            'r.archived',
            withStock.as('packages'),
          ])
          .where('r.location_id', '=', p.locationId)
          .orderBy(sql`lower(r.name)`),
      ),
      floorPackages: db.prepare((k, p: { locationId: string }) =>
        k
          .selectFrom('packages as k')
          .select(sql<number>`COUNT(*)`.as('count'))
          .where('k.location_id', '=', p.locationId)
          .where('k.room_id', 'is', null)
          .where('k.on_hand_milli', '>', 0),
      ),
      roomsNamed: db.prepare((k, p: { idOrName: string }) =>
        k
          .selectFrom('rooms as r')
          .select([
            'r.id',
            'r.dispensary_id as dispensaryId',
            'r.location_id as locationId',
            'r.name',
            'r.kind',
            'r.archived',
          ])
          .where((eb) =>
            eb.or([eb('r.id', '=', p.idOrName), eb(sql`lower(r.name)`, '=', sql<string>`lower(${p.idOrName})`)]),
          ),
      ),
      packageById: db.prepare((k, p: { id: string }) => selectPackageRows(k).where('k.id', '=', p.id)),
      packagesByTag: db.prepare((k, p: { key: string }) =>
        selectPackageRows(k).where('k.label_key', '=', p.key).orderBy('k.id'),
      ),
      productPackages: db.prepare((k, p: { productId: string; locationId: string }) =>
        selectPackageRows(k).where('k.product_id', '=', p.productId).where('k.location_id', '=', p.locationId),
      ),
      listedPackages: db.prepare((k, p: { productId: string; locationId: string }) =>
        selectPackageRows(k)
          .where('k.product_id', '=', p.productId)
          .where('k.location_id', '=', p.locationId)
          .where((eb) => eb.not(emptyPlaceholder('k'))),
      ),
    };
  }

  /** The rooms of a location, by name, with the packages in each (archived ones too). */
  async rooms(q: Queryable, locationId: string): Promise<RoomRow[]> {
    const rows = await q.all(this.q.rooms, { locationId });
    return rows.map((row) => ({ ...row, archived: Number(row.archived), packages: Number(row.packages) }));
  }

  /** Packages with stock on the location's sales floor. */
  async floorPackages(q: Queryable, locationId: string): Promise<number> {
    return Number((await q.first(this.q.floorPackages, { locationId }))?.count ?? 0);
  }

  /** Every store's rooms with the id `idOrName`, or that name (any case): the caller tells whose. */
  async roomsNamed(q: Queryable, idOrName: string): Promise<Omit<RoomRow, 'packages'>[]> {
    const rows = await q.all(this.q.roomsNamed, { idOrName });
    return rows.map((row) => ({ ...row, archived: Number(row.archived) }));
  }

  async insertRoom(tx: Queryable, row: Insertable<RoomsTable>): Promise<void> {
    await tx.run(this.db.builder.insertInto('rooms').values(row));
  }

  async updateRoom(tx: Queryable, id: string, change: { name?: string; archived?: number }): Promise<void> {
    await tx.run(this.db.builder.updateTable('rooms').set(change).where('id', '=', id));
  }

  /**
   * The package `ref` names (its id, or its state tag in any case, among every store's), with its
   * product and room. An empty tag is none.
   */
  async findPackages(q: Queryable, ref: string): Promise<PackageRoomRow[]> {
    const byId = await q.first(this.q.packageById, { id: ref });
    if (byId) return [byId];
    const key = tagKey(ref);
    return key === '' ? [] : q.all(this.q.packagesByTag, { key });
  }

  /** A product's packages at a location, in every room. */
  productPackages(q: Queryable, productId: string, locationId: string): Promise<PackageRoomRow[]> {
    return q.all(this.q.productPackages, { productId, locationId });
  }

  /** A product's packages at a location as a person picks among them: an empty placeholder left out (placeholder-packages.ts). */
  listedPackages(q: Queryable, productId: string, locationId: string): Promise<PackageRoomRow[]> {
    return q.all(this.q.listedPackages, { productId, locationId });
  }

  /**
   * Locks a package's row until the write ends (a no-op on SQLite, whose writer is exclusive): a
   * move then reads its room and what open orders hold as they are, after any ticket or move of it
   * being written meanwhile.
   */
  async lockPackage(tx: Queryable, packageId: string): Promise<void> {
    await tx.first(
      this.db.dialect.forNoKeyUpdate(this.db.builder.selectFrom('packages').select('id').where('id', '=', packageId)),
    );
  }

  async setRoom(tx: Queryable, packageId: string, roomId: string | null): Promise<void> {
    await tx.run(this.db.builder.updateTable('packages').set({ room_id: roomId }).where('id', '=', packageId));
  }

  /** Writes a package's state dates and lab results (JSON), the fields given alone. */
  async setDetails(
    tx: Queryable,
    packageId: string,
    change: { packaged_on?: string | null; expires_on?: string | null; lab_results?: string | null },
  ): Promise<void> {
    await tx.run(this.db.builder.updateTable('packages').set(change).where('id', '=', packageId));
  }

  async insertMove(tx: Queryable, row: PackageMovesTable): Promise<void> {
    await tx.run(this.db.builder.insertInto('package_moves').values(row));
  }

  /** The display name of the staff user who made a move; null for the operator, or a user no longer there. */
  async moverName(q: Queryable, moveId: string): Promise<string | null> {
    const row = await q.first(
      this.db.builder
        .selectFrom('package_moves as m')
        .leftJoin('users as u', (join) => join.on('m.actor_kind', '=', 'staff').onRef('u.id', '=', 'm.actor_id'))
        .select('u.display_name')
        .where('m.id', '=', moveId),
    );
    return row?.display_name ?? null;
  }
}
