import type { PackageMove, PackageView, Room, RoomCreate } from '../../../shared/contracts/rooms';
import { SALES_FLOOR_ID } from '../../../shared/contracts/rooms';
import { ROOM_NAME_MAX } from '../../../shared/room-name';
import { packageNamed, tagWords } from '../../../shared/inventory/package-words';

/** The one sentence that says what the sales floor is, wherever rooms are shown. */
export const SALES_FLOOR_WHY = 'Only stock on the sales floor sells.';

/** The kinds a manager adds, in words. */
export const ROOM_KIND_CHOICES = [
  { value: 'storage', label: 'Storage', hint: 'a vault, a back room' },
  { value: 'quarantine', label: 'Quarantine', hint: 'held until it passes testing or a recall ends' },
] as const;

/** A room as a choice: "Vault (Storage)", "Sales floor". */
export const roomChoiceWords = (room: Pick<Room, 'name' | 'kindName'>): string =>
  room.name === room.kindName ? room.name : `${room.name} (${room.kindName})`;

/** How many packages with stock a room holds: "Empty", "1 package", "3 packages". */
export function packagesWords(count: number): string {
  if (count === 0) return 'Empty';
  return `${count} ${count === 1 ? 'package' : 'packages'}`;
}

/** A package's tag under "State tag" ("Untagged"), and a package named by it ("the untagged package of …"). */
export { packageNamed, tagWords };

/** The store's calendar date as written (YYYY-MM-DD, no time zone to move it), or "—" when not known. */
export const dateWords = (date: string | null): string => date ?? '—';

/** The rooms a package can move to: every room not archived, but the one it is in; the sales floor first. */
export function roomsToMoveTo(rooms: readonly Room[], pkg: Pick<PackageView, 'room'>): Room[] {
  return rooms.filter((room) => !room.archived && room.id !== pkg.room.id);
}

/** The dialog's move form as typed. */
export interface MoveDraft {
  room: string;
  note: string;
}

/** The service's names of the move form's fields, for its refusals. */
export const MOVE_FIELD_LABELS: Readonly<Record<string, string>> = { room: 'Room', note: 'Note' };

/** The move form's control a refusal belongs to: the note's own, else the room (a held package's 409 too). */
export const moveControl = (field: string): string => (field === 'note' ? 'note' : 'room');

/** The move checked before it is sent: the request, or why not. */
export function checkMove(
  draft: MoveDraft,
  pkg: Pick<PackageView, 'packageId' | 'room'>,
  rooms: readonly Room[],
):
  | { ok: true; body: { package: string; room: string; note?: string } }
  | { ok: false; field: string; sentence: string } {
  const room = roomsToMoveTo(rooms, pkg).find((entry) => entry.id === draft.room);
  if (!room) return { ok: false, field: 'room', sentence: 'Choose the room it goes to.' };
  const note = draft.note.trim();
  if (note.length > 200) return { ok: false, field: 'note', sentence: 'Note must be 200 characters or fewer.' };
  return { ok: true, body: { package: pkg.packageId, room: room.id, ...(note ? { note } : {}) } };
}

/**
 * What a move did: "Moved Blue Dream (1A40…01): Sales floor → Vault." (the CLI's words); "Moved the
 * untagged package of Blue Dream: …" for stock without a state tag.
 */
export function movedWords(move: Pick<PackageMove, 'productName' | 'packageLabel' | 'from' | 'to'>): string {
  const which = move.packageLabel
    ? `${move.productName} (${move.packageLabel})`
    : packageNamed({ label: '', productName: move.productName });
  return `Moved ${which}: ${move.from} → ${move.to}.`;
}

/** The add-a-room form as typed. */
export interface RoomDraft {
  name: string;
  kind: RoomCreate['kind'] | '';
}

/** A room's name checked as the service checks it: trimmed, 1 to ROOM_NAME_MAX characters, not the sales floor's. */
export function roomNameRefusal(typed: string): string {
  const name = typed.trim();
  if (name === '') return 'Say what the room is called, such as Vault.';
  if (name.length > ROOM_NAME_MAX) return `Name must be ${ROOM_NAME_MAX} characters or fewer.`;
  if (name.toLowerCase() === 'sales floor' || name.toLowerCase() === SALES_FLOOR_ID) {
    return 'Every store has its own sales floor: call this room something else.';
  }
  return '';
}

/** The add-a-room form checked: the request, or why not, beside its field. */
export function checkRoom(
  draft: RoomDraft,
): { ok: true; body: RoomCreate } | { ok: false; field: 'name' | 'kind'; sentence: string } {
  const refusal = roomNameRefusal(draft.name);
  if (refusal) return { ok: false, field: 'name', sentence: refusal };
  if (draft.kind === '') return { ok: false, field: 'kind', sentence: 'Choose storage or quarantine.' };
  return { ok: true, body: { name: draft.name.trim(), kind: draft.kind } };
}

/** What archiving, bringing back or renaming a room did. */
export function roomChangedWords(before: Pick<Room, 'name' | 'archived'>, after: Pick<Room, 'name' | 'archived'>) {
  if (after.archived !== before.archived) {
    return after.archived
      ? `Archived ${after.name}: no package can be moved into it.`
      : `Brought back ${after.name}: packages can be moved into it again.`;
  }
  return `Renamed ${before.name} to ${after.name}.`;
}
