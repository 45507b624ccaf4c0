import { describe, expect, it } from 'vitest';
import type { AllowanceAsk } from '../../../electron/server/customers/purchases-elsewhere.js';
import type { SoldLine } from '../../../electron/server/customers/ticket-compliance.js';
import { holdingStock, type HeldSale, type StockHolder } from '../../../electron/server/tickets/stock-holder.js';
import { ServicePayError } from '../../../shared/errors.js';
import { copyWith, flower, sale, ServerAnswers } from './stock-holder-fakes.js';

describe("a register sale holding its customer's allowance at its store server", () => {
  it("holds the customer's allowance with the units, and writes the order under the hold's id with the server's purchases", async () => {
    const bought = [{ orderId: 'o-1', ...flower(5000), name: 'Granddaddy Purple', deli: 1, refundedMilli: 0 }];
    const server = new ServerAnswers([{ outcome: 'held', purchases: bought }]);
    const written: HeldSale[] = [];
    const options = {
      ...sale(2000, (milli: number, held: HeldSale) => {
        written.push(held);
        return milli;
      }),
      allowance: (lines: readonly SoldLine[]): AllowanceAsk => ({
        customerId: 'c-1',
        lines: lines.map((line) => ({ ...line, name: line.name ?? '', deli: line.deli ? 1 : 0 })),
      }),
    };
    expect(
      await holdingStock(
        copyWith(() => 3000),
        server,
        options,
      ),
    ).toBe(2000);
    expect(server.asked[0]!.allowance).toMatchObject({
      customerId: 'c-1',
      lines: [{ type: 'FLOWER', quantityMilli: 2000 }],
    });
    expect(written).toEqual([{ orderId: server.asked[0]!.holdId, purchases: bought }]);
  });

  it('writes nothing when the server refuses the sale for the limits (nothing held there to give back)', async () => {
    const refusing: StockHolder = {
      ready: () => true,
      hold: () =>
        Promise.reject(new ServicePayError('PURCHASE_LIMIT', 'This would bring it to 40 g of the 28.5 g daily limit')),
      release: () => {
        throw new Error('nothing was held');
      },
    };
    let writes = 0;
    const refused = holdingStock(
      copyWith(() => 3000),
      refusing,
      sale(2000, (milli) => (writes += 1) && milli),
    );
    await expect(refused).rejects.toMatchObject({ code: 'PURCHASE_LIMIT' });
    expect(writes).toBe(0);
  });

  it('writes an order of its own id, with no purchases of the server, when the server does not answer', async () => {
    const written: HeldSale[] = [];
    const offline = new ServerAnswers([], false);
    await holdingStock(
      copyWith(() => 3000),
      offline,
      sale(1000, (milli, held) => written.push(held) && milli),
    );
    expect(written).toEqual([{ orderId: expect.stringMatching(/^[0-9a-f-]{36}$/), purchases: null }]);
  });
});
