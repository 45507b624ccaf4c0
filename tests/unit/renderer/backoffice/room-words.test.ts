import { describe, expect, it } from 'vitest';
import type { PackageView, Room } from '../../../../shared/contracts/rooms.js';
import {
  checkMove,
  checkRoom,
  dateWords,
  moveControl,
  movedWords,
  packageNamed,
  packagesWords,
  roomChangedWords,
  roomChoiceWords,
  roomsToMoveTo,
  tagWords,
} from '../../../../renderer/backoffice/logic/room-words.js';

const room = (name: string, kind: Room['kind'], fields: Partial<Room> = {}): Room => ({
  id: kind === 'sales_floor' ? 'sales-floor' : name.toLowerCase().replace(/ /g, '-'),
  name,
  kind,
  kindName: { sales_floor: 'Sales floor', storage: 'Storage', quarantine: 'Quarantine' }[kind],
  sells: kind === 'sales_floor',
  archived: false,
  packages: 0,
  ...fields,
});
const ROOMS = [
  room('Sales floor', 'sales_floor', { packages: 46 }),
  room('Back room', 'storage', { archived: true }),
  room('Quarantine', 'quarantine'),
  room('Vault', 'storage', { packages: 1 }),
];
const onFloor: Pick<PackageView, 'packageId' | 'room'> = {
  packageId: 'k1',
  room: { id: 'sales-floor', name: 'Sales floor', kind: 'sales_floor' },
};
const inVault: Pick<PackageView, 'packageId' | 'room'> = {
  packageId: 'k1',
  room: { id: 'vault', name: 'Vault', kind: 'storage' },
};

describe('moving a package', () => {
  it('offers every room but the one it is in and the archived ones', () => {
    expect(roomsToMoveTo(ROOMS, onFloor).map(roomChoiceWords)).toEqual(['Quarantine', 'Vault (Storage)']);
    expect(roomsToMoveTo(ROOMS, inVault).map(roomChoiceWords)).toEqual(['Sales floor', 'Quarantine']);
  });

  it('sends the room’s id and the note trimmed; refuses no room, one not offered, or a long note', () => {
    expect(checkMove({ room: 'vault', note: '  Recall hold ' }, onFloor, ROOMS)).toEqual({
      ok: true,
      body: { package: 'k1', room: 'vault', note: 'Recall hold' },
    });
    expect(checkMove({ room: 'sales-floor', note: ' ' }, inVault, ROOMS)).toEqual({
      ok: true,
      body: { package: 'k1', room: 'sales-floor' },
    });
    const noRoom = { ok: false, field: 'room', sentence: 'Choose the room it goes to.' };
    expect(checkMove({ room: '', note: '' }, onFloor, ROOMS)).toEqual(noRoom);
    expect(checkMove({ room: 'back-room', note: '' }, onFloor, ROOMS)).toEqual(noRoom);
    expect(checkMove({ room: 'sales-floor', note: '' }, onFloor, ROOMS)).toEqual(noRoom);
    expect(checkMove({ room: 'vault', note: 'x'.repeat(201) }, onFloor, ROOMS)).toMatchObject({ field: 'note' });
  });

  it('puts a refusal beside the room unless it is the note’s (a package held by open orders too)', () => {
    expect(moveControl('note')).toBe('note');
    expect(moveControl('room')).toBe('room');
    expect(moveControl('')).toBe('room');
  });

  it('says what a move did, as the CLI does', () => {
    const move = {
      productName: 'Blue Dream',
      packageLabel: '1A4060300003D12000000001',
      from: 'Sales floor',
      to: 'Vault',
    };
    expect(movedWords(move)).toBe('Moved Blue Dream (1A4060300003D12000000001): Sales floor → Vault.');
    expect(movedWords({ ...move, packageLabel: '', from: 'Vault', to: 'Sales floor' })).toBe(
      'Moved the untagged package of Blue Dream: Vault → Sales floor.',
    );
  });
});

describe('a package and a room in words', () => {
  it('says tags, dates and counts as people read them', () => {
    expect(tagWords('')).toBe('Untagged');
    expect(tagWords('1A40')).toBe('1A40');
    expect(dateWords('2027-03-01')).toBe('2027-03-01');
    expect(dateWords(null)).toBe('—');
    expect([0, 1, 3].map(packagesWords)).toEqual(['Empty', '1 package', '3 packages']);
  });

  it('checks a new room’s name and kind as the service does', () => {
    expect(checkRoom({ name: '  Back room ', kind: 'storage' })).toEqual({
      ok: true,
      body: { name: 'Back room', kind: 'storage' },
    });
    expect(checkRoom({ name: ' ', kind: 'storage' })).toEqual({
      ok: false,
      field: 'name',
      sentence: 'Say what the room is called, such as Vault.',
    });
    expect(checkRoom({ name: 'sales Floor', kind: 'storage' })).toMatchObject({ field: 'name' });
    expect(checkRoom({ name: 'x'.repeat(61), kind: 'storage' })).toMatchObject({ field: 'name' });
    expect(checkRoom({ name: 'Cage', kind: '' })).toEqual({
      ok: false,
      field: 'kind',
      sentence: 'Choose storage or quarantine.',
    });
  });

  it('says what archiving, bringing back and renaming did', () => {
    const vault = { name: 'Vault', archived: false };
    expect(roomChangedWords(vault, { ...vault, archived: true })).toBe(
      'Archived Vault: no package can be moved into it.',
    );
    expect(roomChangedWords({ ...vault, archived: true }, vault)).toBe(
      'Brought back Vault: packages can be moved into it again.',
    );
    expect(roomChangedWords(vault, { ...vault, name: 'Old vault' })).toBe('Renamed Vault to Old vault.');
  });
});

describe('a package named by its tag', () => {
  it('says "package <tag>", and names an untagged one by its product, never "package None"', () => {
    expect(packageNamed({ label: '1A4060300003D12000000001', productName: 'Blue Dream 3.5g' })).toBe(
      'package 1A4060300003D12000000001',
    );
    expect(packageNamed({ label: '', productName: 'Blue Dream 3.5g' })).toBe('the untagged package of Blue Dream 3.5g');
  });
});
