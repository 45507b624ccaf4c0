import { describe, expect, it } from 'vitest';
import { holdingStock, type HoldResult } from '../../../electron/server/tickets/stock-holder.js';
import { ServicePayError } from '../../../shared/errors.js';
import { copyWith, sale, ServerAnswers } from './stock-holder-fakes.js';

describe('a register sale held at its store server', () => {
  it('is planned, held, then written; filled as far as the server has it when it has less than the copy', async () => {
    const server = new ServerAnswers([{ outcome: 'short', available: [{ packageId: 'pkg-1', milli: 1000 }] }]);
    expect(
      await holdingStock(
        copyWith(() => 3000),
        server,
        sale(3000),
      ),
    ).toBe(1000);
    expect(server.asked.map((a) => a.reservations)).toEqual([
      [{ packageId: 'pkg-1', milli: 3000 }],
      [{ packageId: 'pkg-1', milli: 1000 }],
    ]);
    expect(server.asked[0]!.holdId).not.toBe(server.asked[1]!.holdId);
    expect(server.released).toEqual([]);
  });

  it('gives the hold back when the write fails after it', async () => {
    const server = new ServerAnswers([{ outcome: 'held', purchases: null }]);
    const failing = sale(1000, () => {
      throw new ServicePayError('PURCHASE_LIMIT', 'over the daily limit');
    });
    await expect(
      holdingStock(
        copyWith(() => 3000),
        server,
        failing,
      ),
    ).rejects.toThrow('over the daily limit');
    expect(server.released).toEqual([server.asked[0]!.holdId]);
  });

  it('gives nothing back when the server held nothing (it did not answer: the sale went on here)', async () => {
    const server = new ServerAnswers([{ outcome: 'unasked' }]);
    const failing = sale(1000, () => {
      throw new Error('disk full');
    });
    await expect(
      holdingStock(
        copyWith(() => 3000),
        server,
        failing,
      ),
    ).rejects.toThrow('disk full');
    expect(server.released).toEqual([]);
  });

  it('asks nothing while the server does not answer, nor for a sale of nothing', async () => {
    const offline = new ServerAnswers([], false);
    expect(
      await holdingStock(
        copyWith(() => 3000),
        offline,
        sale(2000),
      ),
    ).toBe(2000);
    expect(offline.asked).toEqual([]);
    const none = new ServerAnswers([]);
    expect(
      await holdingStock(
        copyWith(() => 0),
        none,
        sale(1000),
      ),
    ).toBe(0);
    expect(none.asked).toEqual([]);
  });

  it('holds again when the copy moved between the plan and the write, giving the first hold back', async () => {
    let reads = 0;
    // The plan reads 3 units; the first write finds 2 (another sale here took one); then 2 throughout.
    const server = new ServerAnswers([]);
    const copy = copyWith(() => (reads++ === 0 ? 3000 : 2000));
    expect(await holdingStock(copy, server, sale(3000))).toBe(2000);
    expect(server.asked.map((a) => a.reservations[0]!.milli)).toEqual([3000, 2000]);
    expect(server.released).toEqual([server.asked[0]!.holdId]);
  });

  it('refuses in words after three tries the stock kept moving under', async () => {
    const short = (milli: number): HoldResult => ({ outcome: 'short', available: [{ packageId: 'pkg-1', milli }] });
    const moving = new ServerAnswers([short(2000), short(1000), short(500)]);
    const refused = holdingStock(
      copyWith(() => 3000),
      moving,
      sale(3000),
    );
    await expect(refused).rejects.toThrow("the store's stock kept changing while this sale was written; try again");
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
