import { describe, expect, it } from 'vitest';
import { consumed, moveStock, newShortfall, released } from '../../../electron/server/catalog/stock-claims.js';

// Two registers sold 15 each offline of a package the store had 25 of: the open orders hold 30.
const short = { onHand: 25_000, reserved: 25_000, short: 5_000 };

describe("a package's stock as its open orders claim it", () => {
  it('reserves what is on hand of a claim past it, and keeps the rest as short', () => {
    const before = { onHand: 25_000, reserved: 15_000, short: 0 };
    const after = moveStock(before, { onHand: 0, claims: 15_000 });
    expect(after).toEqual({ stock: short, beyond: 0 });
    expect(newShortfall(before, after)).toEqual({ short: 5_000, sold: 0 });
  });

  it('hands over what is on hand when a short order is completed, and ends its whole claim', () => {
    const first = moveStock(short, consumed(15_000));
    expect(first).toEqual({ stock: { onHand: 10_000, reserved: 10_000, short: 5_000 }, beyond: 0 });
    const second = moveStock(first.stock, consumed(15_000));
    expect(second).toEqual({ stock: { onHand: 0, reserved: 0, short: 0 }, beyond: 5_000 });
    // The 5 beyond what was on hand are the shortfall the store was told of, not a new one.
    expect(newShortfall(first.stock, second)).toEqual({ short: 0, sold: 0 });
  });

  it('frees only the units a canceled order held', () => {
    expect(moveStock(short, released(15_000)).stock).toEqual({ onHand: 25_000, reserved: 15_000, short: 0 });
    expect(moveStock(short, released(3_000)).stock).toEqual({ onHand: 25_000, reserved: 25_000, short: 2_000 });
  });

  it('never goes below zero: units sold past what was on hand are new unless a known shortfall covers them', () => {
    const sold = moveStock({ onHand: 2_000, reserved: 0, short: 0 }, { onHand: -5_000, claims: 0 });
    expect(sold).toEqual({ stock: { onHand: 0, reserved: 0, short: 0 }, beyond: 3_000 });
    expect(newShortfall({ onHand: 2_000, reserved: 0, short: 0 }, sold)).toEqual({ short: 0, sold: 3_000 });
    expect(moveStock({ onHand: 0, reserved: 0, short: 0 }, released(4_000)).stock).toEqual({
      onHand: 0,
      reserved: 0,
      short: 0,
    });
  });

  it('a sale taking units other orders hold leaves those orders short', () => {
    const before = { onHand: 25_000, reserved: 15_000, short: 0 };
    const after = moveStock(before, { onHand: -15_000, claims: 0 });
    expect(after.stock).toEqual({ onHand: 10_000, reserved: 10_000, short: 5_000 });
    expect(newShortfall(before, after)).toEqual({ short: 5_000, sold: 0 });
  });
});
