import { invalidInput } from '../errors.js';
import { PRODUCT_TYPES, productTypeFrom, type ProductType } from '../catalog/product-types.js';
import { categoryLabel } from '../labels.js';
import { listed } from '../list-words.js';

/** The sales floor in a count's rooms (as the rooms' API names it): packages in no room. */
export const FLOOR_ROOM = 'sales-floor';

/**
 * What an inventory count covers (README "Inventory counts"): every package of the store (`{}`),
 * those of some categories (product types), those in some rooms, or both (the categories' packages
 * in those rooms). Stored as JSON.
 */
export interface CountScope {
  /** Product types, sorted, each once; absent: every category. */
  categories?: ProductType[];
  /** Room ids (`sales-floor` for the sales floor), each once; absent: every room. */
  rooms?: string[];
  /** The rooms' names as they were when the count started, in the order of `rooms`: for its words. */
  roomNames?: string[];
}

/** A room a count covers: its id (`sales-floor` for the floor) and name. */
export interface ScopeRoom {
  id: string;
  name: string;
}

/**
 * The scope a request asks for: categories as people write them ("flower", "Pre-Rolls"), or none for
 * all; rooms already found by the service (by id or name), or none for every room.
 */
export function countScope(categories: readonly string[] | undefined, rooms: readonly ScopeRoom[] = []): CountScope {
  const scope: CountScope = {};
  if (categories && categories.length > 0) {
    const types = new Set<ProductType>();
    for (const text of categories) {
      const type = productTypeFrom(text);
      if (!type) {
        throw invalidInput('categories', `has "${text}", which is not a category (${PRODUCT_TYPES.join(', ')})`);
      }
      types.add(type);
    }
    scope.categories = PRODUCT_TYPES.filter((type) => types.has(type));
  }
  const unique = rooms.filter((room, index) => rooms.findIndex((other) => other.id === room.id) === index);
  if (unique.length > 0) {
    scope.rooms = unique.map((room) => room.id);
    scope.roomNames = unique.map((room) => room.name);
  }
  return scope;
}

/** True when a package of category `type` in room `roomId` (null: the sales floor) is in `scope`. */
export function inScope(scope: CountScope, type: string, roomId: string | null = null): boolean {
  const category = !scope.categories || (scope.categories as readonly string[]).includes(type);
  return category && (!scope.rooms || scope.rooms.includes(roomId ?? FLOOR_ROOM));
}

const shareSome = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined) =>
  !a || !b || a.some((value) => b.includes(value));

/**
 * True when some package could be in both scopes: two open counts of one package are refused. Two
 * counts of other rooms may be open at once; a package moved between them while both are open is
 * counted by the first that counts it (the other leaves it out: see the counts' repository).
 */
export function scopesOverlap(a: CountScope, b: CountScope): boolean {
  return shareSome(a.categories, b.categories) && shareSome(a.rooms, b.rooms);
}

/** A room in a sentence: "the Vault", "the sales floor". */
export const roomInWords = (name: string): string =>
  name.toLowerCase() === 'sales floor' ? 'the sales floor' : `the ${name}`;

/** "every category", "Flower and Pre-rolls", "the Vault", "Flower in the Vault": a scope in a sentence. */
export function scopeInWords(scope: CountScope): string {
  const rooms = scope.rooms && listed((scope.roomNames ?? scope.rooms).map(roomInWords));
  const types = scope.categories && listed(scope.categories.map(categoryLabel));
  if (rooms) return types ? `${types} in ${rooms}` : rooms;
  return types ?? 'every category';
}

/** The name a count is given when none is: "Count of the Vault", "Count of Flower", "Count of the store". */
export function countNameOf(scope: CountScope): string {
  return scope.rooms || scope.categories ? `Count of ${scopeInWords(scope)}` : 'Count of the store';
}
