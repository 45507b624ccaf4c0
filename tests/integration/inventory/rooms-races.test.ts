import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import { queryRows } from '../../support/sql.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A move sent at the same moment as a ticket or another move of the same package (found by the
// package-history property, tests/integration/inventory/package-history.property.test.ts): a move
// read its package unlocked, so on PostgreSQL it could take a package off the sales floor that a
// ticket had just reserved (an open order holding stock in the vault), two moves both started from
// the room it was in (the moves' record no longer leading to where it is), and a ticket could
// reserve a package a move had just taken off the floor (on SQLite too: a ticket reads its stock
// before its one-statement write, and the write checked the quantity, not the room).
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

let serial = 0;
/** A new product with one package of 5 units received onto the sales floor: their ids. */
async function floorPackage() {
  serial += 1;
  const made = await h.call(
    h.tokens.manager,
    'POST',
    '/products',
    { sku: `RACE-${serial}`, name: `Race Kush ${serial}`, type: 'flower', priceCents: 2000, taxClass: 'cannabis' },
    'demo',
  );
  const { product } = ok<{ product: ProductView }>(made);
  const label = `1A4FF0300000000000${String(serial).padStart(6, '0')}`;
  const manifest = {
    manifestNumber: `RACE${String(serial).padStart(6, '0')}`,
    shipperLicense: 'C11-0000123-LIC',
    packages: [{ label, itemName: 'Race Kush', quantity: 5, unit: 'each', wholesalePrice: 50 }],
  };
  const received = await h.call(
    h.tokens.manager,
    'POST',
    '/inventory/receipts',
    { manifest, room: 'Sales floor', packages: [{ label, productId: product.productId }] },
    'demo',
  );
  return {
    productId: product.productId,
    label,
    packageId: ok<{ receipt: ReceiptView }>(received).receipt.lines[0]!.packageId!,
  };
}

const move = (label: string, room: string) =>
  h.call(h.tokens.manager, 'POST', '/inventory/moves', { package: label, room }, 'demo');
const ticket = (productId: string) =>
  h.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: h.headers,
    payload: { type: 'PICKUP', items: [{ productId, quantity: 2 }] },
  });

/** The package's room and what open orders hold of it, and its moves, oldest first. */
async function state(packageId: string) {
  const [pkg] = await queryRows<{ room: string | null; held: number }>(
    h.app,
    sql`SELECT room_id AS room, reserved_milli + short_milli AS held FROM packages WHERE id = ${packageId}`,
  );
  const moves = await queryRows<{ from: string | null; to: string | null }>(
    h.app,
    sql`SELECT from_room_id AS "from", to_room_id AS "to" FROM package_moves WHERE package_id = ${packageId}
      ORDER BY at, id`,
  );
  return { room: pkg!.room, held: Number(pkg!.held), moves };
}

describe('a move racing a ticket or another move of the same package', () => {
  it('never leaves an open order holding a package off the sales floor', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const pkg = await floorPackage();
      const [moved, sold] = await Promise.all([move(pkg.label, 'Vault'), ticket(pkg.productId)]);
      // One of them goes first: the move (the ticket finds nothing on the floor, 409), or the
      // ticket (the move is refused: open orders hold it, 409).
      const first =
        moved.statusCode === 200 ? [moved.statusCode, sold.statusCode] : [sold.statusCode, moved.statusCode];
      expect(first, `${moved.body} / ${sold.body}`).toEqual(moved.statusCode === 200 ? [200, 409] : [201, 409]);
      const after = await state(pkg.packageId);
      expect(after.room === null || after.held === 0, JSON.stringify(after)).toBe(true);
    }
  });

  it('moves a package once at a time: each move starts from the room the one before left it in', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const pkg = await floorPackage();
      ok(await move(pkg.label, 'Vault'));
      const answers = await Promise.all([move(pkg.label, 'Sales floor'), move(pkg.label, 'Quarantine')]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const after = await state(pkg.packageId);
      const what = JSON.stringify(after);
      expect(after.moves, what).toHaveLength(3);
      // Moves a millisecond apart or less are in no sure order by their time: follow the rooms.
      const [first, ...together] = after.moves;
      const second = together.find((m) => m.from === first!.to);
      const third = together.find((m) => m !== second);
      expect(second, what).toBeDefined();
      expect(third!.from, what).toBe(second!.to);
      expect(after.room, what).toBe(third!.to);
    }
  });
});
