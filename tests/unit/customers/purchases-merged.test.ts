import { describe, expect, it } from 'vitest';
import { merged } from '../../../electron/server/customers/purchase-history.js';
import type { BoughtLine } from '../../../electron/server/customers/purchases-elsewhere.js';

const jar = (orderId: string, refundedMilli = 0): BoughtLine => ({
  orderId,
  type: 'FLOWER',
  name: 'Blue Dream 3.5g',
  deli: 0,
  quantityMilli: 8000,
  refundedMilli,
  cannabisWeightMg: 3500,
  thcMg: null,
});

describe("a register's purchases and its store server's, each order counted once", () => {
  it("counts the register's own order as it holds it, and the server's other orders", () => {
    expect(merged([jar('own')], [jar('own'), jar('online')])).toEqual([jar('own'), jar('online')]);
    expect(merged([jar('own')], null)).toEqual([jar('own')]);
  });

  it("counts the server's copy of an own order that a refund by items at the back office gave back of", () => {
    expect(merged([jar('own')], [jar('own', 1000), jar('online')])).toEqual([jar('own', 1000), jar('online')]);
  });
});
