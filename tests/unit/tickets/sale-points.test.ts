import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../electron/server/catalog/stock-reservations.js';
import type { AllowanceAsk } from '../../../electron/server/customers/purchases-elsewhere.js';
import {
  holdingStock,
  type HeldSale,
  type HoldResult,
  type PointsAsk,
  type StockHolder,
} from '../../../electron/server/tickets/stock-holder.js';
import { pointsAsk } from '../../../electron/server/tickets/sale-loyalty.js';
import { invalidInput } from '../../../shared/errors.js';
import { copyWith, sale } from './stock-holder-fakes.js';

/** A store server answering holds with `answer` (or refusing with it), and what it was asked. */
function serverWith(answer: HoldResult | Error, answering = true) {
  const asked: { holdId: string; points?: PointsAsk }[] = [];
  const released: string[] = [];
  const holder: StockHolder = {
    ready: () => answering,
    hold: (holdId: string, _wanted: readonly Reservation[], _allowance?: AllowanceAsk, points?: PointsAsk) => {
      asked.push({ holdId, points });
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    release: (holdId) => released.push(holdId) && undefined,
  };
  return { holder, asked, released };
}

const points = { customerId: 'c-1', rewardCents: 2600 };

describe("a register sale holding its customer's points at its store server", () => {
  it('asks them with the units, and writes the order with the points the server holds', async () => {
    const server = serverWith({ outcome: 'held', purchases: null, pointsHeld: 2600 });
    const written: HeldSale[] = [];
    const options = { ...sale(1000, (milli, held) => written.push(held) && milli), points: () => points };
    await holdingStock(
      copyWith(() => 3000),
      server.holder,
      options,
    );
    expect(server.asked).toEqual([{ holdId: written[0]!.orderId, points }]);
    expect(written).toEqual([{ orderId: server.asked[0]!.holdId, purchases: null, heldPoints: 2600 }]);
  });

  it('writes the order with no points held when the server did not answer the hold (the offline cap applies)', async () => {
    const server = serverWith({ outcome: 'unasked' });
    const written: HeldSale[] = [];
    const options = { ...sale(1000, (milli, held) => written.push(held) && milli), points: () => points };
    await holdingStock(
      copyWith(() => 3000),
      server.holder,
      options,
    );
    expect(written).toHaveLength(1);
    expect(written[0]!.heldPoints).toBeUndefined();
  });

  it("refuses the sale in the server's words when her points there do not cover it, writing nothing", async () => {
    const words = 'of $26.00 need 2,600 points; Maria has 50 points ($0.50 in reward dollars)';
    const server = serverWith(invalidInput('rewardDollars', words));
    let writes = 0;
    const options = { ...sale(1000, (milli) => (writes += 1) && milli), points: () => points };
    await expect(
      holdingStock(
        copyWith(() => 3000),
        server.holder,
        options,
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `rewardDollars ${words}`,
    });
    expect(writes).toBe(0);
    expect(server.released).toEqual([]);
  });
});

describe('the points a register asks its store server to hold', () => {
  it('name the reward dollars asked only when the sale takes fewer (an older server refuses the field)', () => {
    // $50.00 typed on a $26.00 sale: the server holds 2,600 points and its refusal names the $50.00.
    expect(pointsAsk('c-1', 2600, 5000)).toEqual({ customerId: 'c-1', rewardCents: 2600, askedCents: 5000 });
    expect(pointsAsk('c-1', 2600, 2600)).toEqual({ customerId: 'c-1', rewardCents: 2600 });
  });
});
