import { expect } from 'vitest';
import type { ProductView } from '../../../../shared/contracts/products.js';
import type { ReceiptView } from '../../../../shared/contracts/receiving.js';
import { ok } from '../../setup/support/setup-fixtures.js';
import { milliOf, note, quantityOf, type HistoryRun } from './history-operations.js';

/**
 * The package-history property test's stock coming in: a run's products, each made with its first
 * package on the sales floor holding nothing, and deliveries received from a manifest in our shape
 * (README "Receiving"): a package each, short or refused as decided, into the room named.
 */

/** Three products of the demo store, new to this run: by the unit, an edible, and flower by the gram. */
export async function newProducts(run: HistoryRun, priceCents: number): Promise<void> {
  const n = run.serial.next++;
  run.prefix = `PH-${n}-`;
  const drafts = [
    { sku: `PH-${n}-U`, name: `History Kush ${n}`, type: 'flower', weight: 3.5, deli: false },
    { sku: `PH-${n}-E`, name: `History Gummies ${n}`, type: 'edible', deli: false, thcMg: 100 },
    { sku: `PH-${n}-G`, name: `History Haze ${n} (by the gram)`, type: 'flower', unitType: 'g', deli: true },
  ];
  for (const draft of drafts) {
    const made = await run.h.call(
      run.h.tokens.manager,
      'POST',
      '/products',
      { ...draft, priceCents, taxClass: 'cannabis' },
      'demo',
    );
    const { product } = ok<{ product: ProductView }>(made);
    run.products.push({ id: product.productId, sku: draft.sku, deli: product.deli });
    run.model.add({
      id: product.packageId,
      productId: product.productId,
      label: '',
      onHand: 0,
      room: null,
      expiresOn: null,
    });
    run.packages.push(product.packageId);
  }
}

export interface ReceiveOp {
  kind: 'receive';
  lines: { product: number; shipped: number; short: number; refused: boolean; expires: number }[];
  room: number;
}

const EXPIRY = [null, '2031-01-31', '2031-06-30', '2032-03-01'] as const;

/** A delivery of the run's products in our manifest shape, received whole into a room. */
export async function receive(run: HistoryRun, op: ReceiveOp): Promise<void> {
  const n = run.serial.next++;
  const lines = op.lines.map((line, index) => {
    const product = run.products[line.product % run.products.length]!;
    const shipped = milliOf(product, line.shipped);
    const received = Math.max(milliOf(product, 1), shipped - milliOf(product, line.short));
    const label = `1A4FF0200000${String(n).padStart(8, '0')}${String(index).padStart(4, '0')}`;
    return {
      product,
      shipped,
      received,
      label,
      refused: line.refused && index > 0,
      expiresOn: EXPIRY[line.expires % 4]!,
    };
  });
  const manifest = {
    manifestNumber: `PH${String(n).padStart(8, '0')}`,
    shipperLicense: 'C11-0000123-LIC',
    packages: lines.map((line) => ({
      label: line.label,
      itemName: `Item of ${line.product.sku}`,
      quantity: quantityOf(line.product, line.shipped),
      unit: line.product.deli ? 'grams' : 'each',
      wholesalePrice: 100,
      expiresOn: line.expiresOn,
    })),
  };
  const room = run.rooms[op.room % 3] ?? null;
  const decisions = lines.map((line) =>
    line.refused
      ? { label: line.label, refused: 'Seal broken' }
      : {
          label: line.label,
          productId: line.product.id,
          ...(line.received < line.shipped ? { received: quantityOf(line.product, line.received) } : {}),
        },
  );
  const answer = await run.h.call(
    run.h.tokens.manager,
    'POST',
    '/inventory/receipts',
    { manifest, room: room ?? 'Sales floor', packages: decisions },
    'demo',
  );
  const { receipt } = ok<{ receipt: ReceiptView }>(answer);
  for (const [index, line] of lines.entries()) {
    const written = receipt.lines[index]!;
    if (line.refused) {
      expect(written.packageId).toBeNull();
      note(run, 'refused in a delivery');
      continue;
    }
    expect(written.received * 1000).toBeCloseTo(line.received, 6);
    const id = written.packageId!;
    run.model.add({
      id,
      productId: line.product.id,
      label: line.label,
      onHand: line.received,
      room,
      expiresOn: line.expiresOn,
    });
    run.packages.push(id);
    if (line.received < line.shipped) note(run, 'received short');
  }
  note(run, `received into ${room === null ? 'the floor' : 'a room'}`);
}
