import { SALES_FLOOR_ID } from '../../../shared/contracts/rooms.js';
import { invalidInput } from '../../../shared/errors.js';
import type { ScopeRoom } from '../../../shared/inventory/count-scope.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { isSalesFloor } from './room-words.js';
import type { StoreRooms } from './store-rooms.js';

/**
 * The rooms a count is asked to cover (ids or names, any case; the sales floor by its id or name),
 * as the store has them now; refused in words for one the store has not, or one archived (nothing
 * is in it).
 */
export async function countRooms(
  q: Queryable,
  storeRooms: StoreRooms,
  store: Dispensary,
  refs: readonly string[] | undefined,
): Promise<ScopeRoom[]> {
  if (!refs || refs.length === 0) return [];
  const rooms = await storeRooms.roomsOf(q, store);
  return refs.map((ref) => {
    const said = ref.trim();
    const room = isSalesFloor(said)
      ? rooms.find((r) => r.id === SALES_FLOOR_ID)
      : rooms.find((r) => r.id === said || r.name.toLowerCase() === said.toLowerCase());
    if (!room) {
      const names = rooms.filter((r) => !r.archived).map((r) => r.name);
      throw invalidInput('rooms', `has "${said}", which is not a room of ${store.name} (${names.join(', ')})`);
    }
    if (room.archived) throw invalidInput('rooms', `has ${room.name}, which is archived: nothing is in it to count`);
    return { id: room.id, name: room.name };
  });
}
