import { SALES_FLOOR_ID, type PackageMoveRequest, type PackageView } from '../../../shared/contracts/rooms.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { packageNamed } from '../../../shared/inventory/package-words.js';
import { sellingPackage } from '../catalog/selling-package.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { CatalogChanged } from '../products/product-admin.js';
import { ProductsRepository } from '../products/products-repository.js';
import { moveInWords, packageInWords, roomOf, toPackageView } from './room-words.js';
import { RoomsRepository, type PackageRoomRow } from './rooms-repository.js';
import { ownPackage } from './store-stock.js';
import type { PackageListener } from './package-events.js';
import type { StoreRooms } from './store-rooms.js';

/**
 * Packages in rooms (README "Rooms and packages"; docs/packages.md): a product's packages, and a
 * whole package moved to another room of its store — stock work (`inventory:adjust`). A move is one
 * write: the package's room, the move's record, the audit trail, the state's record (its listeners)
 * and the store's version (its
 * registers refresh); then the POS screens are told (`catalog.changed`), since only stock on the
 * sales floor sells. A package open orders hold some of stays on the floor.
 */
export class PackageMoves {
  private readonly rooms: RoomsRepository;
  private readonly products: ProductsRepository;

  constructor(
    private readonly access: StoreAccess,
    private readonly storeRooms: StoreRooms,
    private readonly changed: CatalogChanged = () => undefined,
    /** Told of the move in its transaction (the state's outbox). */
    private readonly listeners: readonly PackageListener[] = [],
  ) {
    this.rooms = new RoomsRepository(access.serverOnlyDb);
    this.products = new ProductsRepository(access.serverOnlyDb);
  }

  /**
   * A product's packages at the store (by its id or SKU), the one its next sale takes first; an empty
   * placeholder beside its real packages is left out (placeholder-packages.ts): it never sells next.
   */
  async packagesOf(actor: SetupActor, shortName: string, productRef: string): Promise<PackageView[]> {
    const store = await this.access.store(actor, shortName, 'inventory:adjust');
    const { db } = this.access;
    const product = await this.products.get(db, store.id, store.primaryLocationId, productRef);
    if (!product)
      throw new ServicePayError('NOT_FOUND', `${store.name} has no product with the id or SKU ${productRef}`);
    return viewsOf(await this.rooms.listedPackages(db, product.productId, store.primaryLocationId));
  }

  /** A product's packages at a location, every one (a move or a change answers the package it made, whichever). */
  async views(q: Queryable, productId: string, locationId: string): Promise<PackageView[]> {
    return viewsOf(await this.rooms.productPackages(q, productId, locationId));
  }

  /** Moves a whole package to another room of its store (or to the sales floor). */
  async move(actor: SetupActor, shortName: string, request: PackageMoveRequest) {
    const note = (request.note ?? '').trim();
    const done = await this.access.storeWrite(
      actor,
      shortName,
      async (tx, store) => {
        const found = await this.rooms.findPackages(tx, request.package.trim());
        const named = await ownPackage(this.access, tx, store, request.package, found, 'move');
        // Its row locked, then read again: a ticket reserving it or another move of it, written
        // meanwhile, is seen (its room, what open orders hold), and the moves are kept in the order made.
        await this.rooms.lockPackage(tx, named.packageId);
        const pkg = (await this.rooms.findPackages(tx, named.packageId))[0]!;
        const at = this.access.now();
        const moveId = timeOrderedUuid();
        const to = await this.storeRooms.destination(tx, store, request.room, pkg.locationId);
        const from = roomOf(pkg);
        if ((to.id ?? SALES_FLOOR_ID) === from.id) {
          const named = pkg.label === '' ? packageNamed(pkg) : `${packageNamed(pkg)} of ${pkg.productName}`;
          throw invalidInput('room', `is where ${named} is already`);
        }
        const held = Number(pkg.heldMilli);
        if (pkg.roomId === null && held > 0) {
          throw new ServicePayError(
            'CONFLICT',
            `${pkg.productName}: ${packageInWords(pkg.label)} cannot leave the sales floor: open orders hold some of it; ` +
              'hand them over or cancel them first',
          );
        }
        await this.rooms.setRoom(tx, pkg.packageId, to.id);
        const by = actorRecord(actor);
        await this.rooms.insertMove(tx, {
          id: moveId,
          dispensary_id: store.id,
          package_id: pkg.packageId,
          package_label: pkg.label,
          from_room_id: pkg.roomId,
          to_room_id: to.id,
          from_room: from.name,
          to_room: to.name,
          note,
          actor_kind: actor.kind,
          actor_id: by.id,
          actor_name: by.name,
          at: at.toISOString(),
        });
        await this.storeRooms.record(tx, 'package_moved', actor, store, at, moveInWords(pkg, from.name, to.name, note));
        const moved = {
          kind: 'moved' as const,
          dispensaryId: store.id,
          moveId,
          packageLabel: pkg.label,
          toRoom: to.name,
        };
        for (const listener of this.listeners) await listener(tx, { ...moved, at: at.toISOString() });
        const byName = await this.rooms.moverName(tx, moveId);
        return { store, pkg, from: from.name, to: to.name, by: by.name, byName, at, moveId };
      },
      { permission: 'inventory:adjust' },
    );
    await this.changed(done.store.id, [done.pkg.productId]);
    const packages = await this.views(this.access.db, done.pkg.productId, done.pkg.locationId);
    const { at, moveId } = done;
    return {
      move: {
        moveId,
        packageId: done.pkg.packageId,
        packageLabel: done.pkg.label,
        productName: done.pkg.productName,
        from: done.from,
        to: done.to,
        note,
        by: done.by,
        byName: done.byName,
        at: at.toISOString(),
      },
      package: packages.find((p) => p.packageId === done.pkg.packageId)!,
    };
  }
}

/** Packages as the API answers them: the one the product's next sale takes first, then by room. */
function viewsOf(rows: readonly PackageRoomRow[]): PackageView[] {
  const next = nextOf(rows);
  const views = rows.map((row) => toPackageView(row, row.packageId === next));
  return views.sort((a, b) => Number(b.sellsNext) - Number(a.sellsNext) || a.room.name.localeCompare(b.room.name));
}

/** The package a product's next sale takes (one unit), of its packages at a location; none when nothing is free on the floor. */
function nextOf(rows: readonly PackageRoomRow[]): string | undefined {
  const candidates = rows.map((row) => ({
    packageId: row.packageId,
    onFloor: row.roomId === null,
    expiresOn: row.expiresOn,
    availableMilli: row.roomId === null ? Number(row.onHandMilli) - Number(row.heldMilli) : 0,
  }));
  const next = sellingPackage(candidates);
  // With nothing free on the floor, no package sells next (the catalog still shows the first's price).
  return next && next.onFloor && next.availableMilli > 0 ? next.packageId : undefined;
}
