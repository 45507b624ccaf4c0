// `servicepay inventory rooms|room|packages|package set|move` as an operator runs them, on the engine under test,
// the demo store.
import { describe, expect, it } from 'vitest';
import type { PackageMoveAnswer, PackageView, Room } from '../../../shared/contracts/rooms.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
const TAG = '1A4060300003D12000000001';

describe('servicepay inventory rooms and moves', { timeout: 60_000 }, () => {
  it('lists the rooms, adds one and refuses a kind it does not know in words', async () => {
    const listed = await servicepay('inventory', 'rooms', ...demo);
    expect(listed.status, listed.stderr).toBe(0);
    // Rooms by name, as people tell them apart: no id column (`--json` keeps the ids).
    expect(listed.stdout).toMatch(/^room\s+kind\s+sells\s+packages\s+state$/m);
    expect(listed.stdout).toMatch(/^Sales floor\s+Sales floor\s+yes\s+\d+$/m);
    expect(listed.stdout).not.toContain('sales-floor');
    const added = await json<{ room: Room }>('inventory', 'room', 'add', 'Back room', ...demo);
    expect(added.room).toMatchObject({ name: 'Back room', kind: 'storage' });
    expect(added.room.id).not.toBe('');
    // Said in words, by its name, without its id (`--json` above keeps it).
    const said = await servicepay('inventory', 'room', 'add', 'Hold', ...demo, '--kind', 'quarantine');
    expect(said.stdout.trim()).toBe('Added Hold, a quarantine room: its stock does not sell.');
    const refused = await servicepay('inventory', 'room', 'add', 'Cellar', ...demo, '--kind', 'cellar');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--kind must be storage (a vault, a back room) or quarantine, not "cellar"');
    const rooms = (await json<{ rooms: Room[] }>('inventory', 'rooms', ...demo)).rooms;
    expect(rooms.find((r) => r.name === 'Sales floor')?.id).toBe('sales-floor');
    expect(rooms.map((r) => r.name)).toEqual(['Sales floor', 'Back room', 'Hold', 'Quarantine', 'Vault']);
  });

  it('moves a package to the vault and back, shown by the product’s packages', async () => {
    const moved = await servicepay('inventory', 'move', TAG, ...demo, '--room', 'vault', '--note', 'Recall hold');
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stdout.trim()).toMatch(new RegExp(`^Moved .+ \\(${TAG}\\): Sales floor → Vault\\.$`));
    const { packages } = await json<{ packages: PackageView[] }>('inventory', 'packages', 'FLW-001', ...demo);
    expect(packages.map((p) => [p.label, p.room.name, p.available])).toEqual([[TAG, 'Vault', 0]]);
    const back = await json<PackageMoveAnswer>('inventory', 'move', TAG, ...demo, '--room', 'Sales floor');
    expect(back.move).toMatchObject({ from: 'Vault', to: 'Sales floor', by: 'operator' });
    expect(back.package.available).toBeGreaterThan(0);
  });

  it('refuses an unknown room naming --room, and archives a room only when empty', async () => {
    const refused = await servicepay('inventory', 'move', TAG, ...demo, '--room', 'Freezer');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      '--room is not a room of Green Valley Dispensary: "Freezer" (Sales floor, Back room, Hold, Quarantine, Vault)',
    );
    const archived = await json<{ room: Room }>('inventory', 'room', 'set', 'Back room', ...demo, '--archive');
    expect(archived.room.archived).toBe(true);
    const restored = await json<{ room: Room }>(
      'inventory',
      'room',
      'set',
      'Back room',
      ...demo,
      '--restore',
      '--name',
      'Stockroom',
    );
    expect(restored.room).toMatchObject({ name: 'Stockroom', archived: false });
  });

  it('refuses --archive with --restore, a change of nothing and a name past 60 characters, changing nothing', async () => {
    const before = await json<{ rooms: Room[] }>('inventory', 'rooms', ...demo);
    const refusals: [string[], string][] = [
      [
        ['set', 'Vault', '--archive', '--restore'],
        '--archive and --restore cannot be given together: archive it, or bring it back',
      ],
      [['set', 'Vault'], '--name or --archive or --restore is needed: what changes?'],
      [['add', 'x'.repeat(300)], '<name> must be at most 60 characters (it has 300)'],
      [['set', 'Vault', '--name', 'x'.repeat(61)], '--name must be at most 60 characters (it has 61)'],
    ];
    for (const [args, words] of refusals) {
      const refused = await servicepay('inventory', 'room', ...args, ...demo);
      expect([refused.status, refused.stdout, refused.stderr]).toEqual([1, '', `servicepay: ${words}\n`]);
    }
    expect(await json<{ rooms: Room[] }>('inventory', 'rooms', ...demo)).toEqual(before);
    const longest = await json<{ room: Room }>('inventory', 'room', 'add', 'x'.repeat(60), ...demo);
    expect(longest.room.name).toHaveLength(60);
  });

  it('sets a package’s dates and lab results, shows them, and refuses a bad date naming its option', async () => {
    const set = await servicepay(
      'inventory',
      'package',
      'set',
      TAG,
      ...demo,
      '--packaged',
      '2026-11-02',
      '--expires',
      '2027-05-02',
      '--lab',
      'THC 21.4%, passed',
    );
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout.trim()).toBe(
      `Blue Dream (${TAG}): packaged 2026-11-02; expires 2027-05-02; lab results THC 21.4%, passed.`,
    );
    const listed = await servicepay('inventory', 'packages', 'FLW-001', ...demo);
    expect(listed.stdout).toMatch(/^package\s+room\s+on hand\s+held\s+packaged\s+expires\s+lab\s+next$/m);
    expect(listed.stdout).toMatch(
      new RegExp(`^${TAG}\\s+Sales floor\\s+\\d+\\s+2026-11-02\\s+2027-05-02\\s+THC 21.4%, passed`, 'm'),
    );
    const refused = await servicepay('inventory', 'package', 'set', TAG, ...demo, '--expires', '2026-10-01');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('--expires must not be before the packaged date (2026-11-02): "2026-10-01"');
    const notADate = await servicepay('inventory', 'package', 'set', TAG, ...demo, '--packaged', 'Tuesday');
    expect(notADate.stderr).toContain('--packaged must be a date such as 2026-11-30, not "Tuesday"');
    const cleared = await json<{ package: PackageView }>('inventory', 'package', 'set', TAG, ...demo, '--lab', '');
    expect(cleared.package).toMatchObject({ expiresOn: '2027-05-02', lab: null, labWords: '' });
  });
});
