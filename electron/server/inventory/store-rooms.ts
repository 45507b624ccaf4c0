import type { AuditAction } from '../../../shared/contracts/audit.js';
import {
  ROOM_NAME_MAX,
  SALES_FLOOR_ID,
  type Room,
  type RoomCreate,
  type RoomUpdate,
} from '../../../shared/contracts/rooms.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { isSalesFloor, SALES_FLOOR_NAME, salesFloorView, toRoomView } from './room-words.js';
import { RoomsRepository } from './rooms-repository.js';

/** Where stock goes: the sales floor (no room), or a room of the store. */
export type Destination = { id: null; name: string } | { id: string; name: string };

/** Refuses a room's name longer than the back office's field takes (the HTTP API's schema refuses it first). */
function tooLong(name: string): void {
  if (name.length > ROOM_NAME_MAX) {
    throw invalidInput('name', `must be at most ${ROOM_NAME_MAX} characters (it has ${name.length})`);
  }
}

/**
 * A store's rooms (README "Rooms and packages"; docs/packages.md): its location's sales floor,
 * the only room stock sells from, and the rooms its managers add (`store:manage`): storage or
 * quarantine. A room with stock in it is not archived.
 */
export class StoreRooms {
  private readonly rooms: RoomsRepository;

  constructor(private readonly access: StoreAccess) {
    this.rooms = new RoomsRepository(access.serverOnlyDb);
  }

  /** The sales floor, then the store's rooms by name (archived ones too, marked). */
  async list(actor: SetupActor, shortName: string): Promise<Room[]> {
    const store = await this.access.store(actor, shortName, 'inventory:adjust');
    return this.roomsOf(this.access.db, store);
  }

  async add(actor: SetupActor, shortName: string, input: RoomCreate): Promise<Room> {
    const name = input.name.trim();
    if (name === '') throw invalidInput('name', 'must say what the room is called, such as Vault');
    tooLong(name);
    if (isSalesFloor(name)) throw invalidInput('name', `is the sales floor's: every location has its own`);
    if (!['storage', 'quarantine'].includes(input.kind)) {
      throw invalidInput('kind', `must be storage (a vault, a back room) or quarantine, not "${String(input.kind)}"`);
    }
    const id = timeOrderedUuid();
    const saved = await this.access.storeWrite(actor, shortName, async (tx, store) => {
      await this.nameFree(tx, store, name, null);
      const at = this.access.now();
      await this.rooms.insertRoom(tx, {
        id,
        dispensary_id: store.id,
        location_id: store.primaryLocationId,
        name,
        kind: input.kind,
        archived: 0,
        created_at: at.toISOString(),
      });
      await this.record(tx, 'room_added', actor, store, at, `${name} (${input.kind})`);
      return store;
    });
    return this.roomById(saved, id);
  }

  async update(actor: SetupActor, shortName: string, roomId: string, change: RoomUpdate): Promise<Room> {
    const saved = await this.access.storeWrite(actor, shortName, async (tx, store) => {
      const room = (await this.roomsOf(tx, store)).find((r) => r.id === roomId && r.id !== SALES_FLOOR_ID);
      if (!room) throw new ServicePayError('NOT_FOUND', `${store.name} has no room with the id ${roomId}`);
      const name = change.name?.trim();
      if (name !== undefined) {
        if (name === '' || isSalesFloor(name)) throw invalidInput('name', 'must be a name of its own, such as Vault');
        tooLong(name);
        await this.nameFree(tx, store, name, room.id);
      }
      if (change.archived === true && room.packages > 0) {
        const count =
          room.packages === 1
            ? '1 package with stock is in it; move it first'
            : `${room.packages} packages with stock are in it; move them first`;
        throw new ServicePayError('CONFLICT', `${room.name} cannot be archived: ${count}`);
      }
      const archived = change.archived === undefined ? undefined : change.archived ? 1 : 0;
      await this.rooms.updateRoom(tx, room.id, { name, archived });
      const words = [name && name !== room.name ? `${room.name} → ${name}` : room.name];
      if (archived !== undefined) words.push(archived ? 'archived' : 'brought back');
      await this.record(tx, 'room_changed', actor, store, this.access.now(), words.join(', '));
      return store;
    });
    return this.roomById(saved, roomId);
  }

  async roomsOf(q: Queryable, store: Dispensary): Promise<Room[]> {
    const floor = salesFloorView(await this.rooms.floorPackages(q, store.primaryLocationId));
    const rooms = await this.rooms.rooms(q, store.primaryLocationId);
    return [floor, ...rooms.map(toRoomView)];
  }

  /** A room of `store` as it is now (after the write that made or changed it). */
  private async roomById(store: Dispensary, id: string): Promise<Room> {
    return (await this.roomsOf(this.access.db, store)).find((room) => room.id === id)!;
  }

  private async nameFree(q: Queryable, store: Dispensary, name: string, self: string | null): Promise<void> {
    const taken = (await this.rooms.roomsNamed(q, name)).find(
      (room) => room.locationId === store.primaryLocationId && room.id !== self,
    );
    if (taken) throw invalidInput('name', `is taken: ${store.name} already has a room called ${taken.name}`);
  }

  /** The room `ref` (id or name, or the sales floor) of a location of the store; refused in words otherwise. */
  async destination(
    q: Queryable,
    store: Dispensary,
    ref: string,
    locationId = store.primaryLocationId,
  ): Promise<Destination> {
    if (isSalesFloor(ref)) return { id: null, name: SALES_FLOOR_NAME };
    const named = await this.rooms.roomsNamed(q, ref.trim());
    const here = named.find((room) => room.locationId === locationId);
    if (here?.archived === 1)
      throw invalidInput('room', `${here.name} is archived: bring it back first, or choose another room`);
    if (here) return { id: here.id, name: here.name };
    const elsewhere = named.find((room) => room.dispensaryId !== store.id);
    if (elsewhere) {
      const other = await this.access.dispensaries.findById(elsewhere.dispensaryId, q);
      if (other?.organizationId === store.organizationId) {
        throw invalidInput(
          'room',
          `${elsewhere.name} is ${other.name}'s: a package moves only between rooms of its own store`,
        );
      }
    }
    const names = (await this.roomsOf(q, store)).filter((r) => !r.archived).map((r) => r.name);
    throw invalidInput('room', `is not a room of ${store.name}: "${ref}" (${names.join(', ')})`);
  }

  /** Writes a set-up change of the store to the audit trail. */
  record(tx: Queryable, action: AuditAction, actor: SetupActor, store: Dispensary, at: Date, reason: string) {
    return this.access.audited(tx, action, actor, store, at, reason);
  }
}
