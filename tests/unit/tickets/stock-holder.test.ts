import { describe, expect, it } from 'vitest';
import type {
  InventoryRepository,
  OrderStock,
  PackageForSale,
  Reservation,
} from '../../../electron/server/catalog/inventory-repository.js';
import type { Queryable } from '../../../electron/server/db/query.js';
import { holdingStock, type HoldResult, type StockHolder } from '../../../electron/server/tickets/stock-holder.js';
import { ServicePayError } from '../../../shared/errors.js';

/** A store server's answers, in turn, and what the register asked of it. */
class ServerAnswers implements StockHolder {
  readonly asked: { holdId: string; reservations: readonly Reservation[] }[] = [];
  readonly released: string[] = [];
  constructor(private readonly answers: HoldResult[]) {}
  hold(holdId: string, reservations: readonly Reservation[]): Promise<HoldResult> {
    this.asked.push({ holdId, reservations });
    return Promise.resolve(this.answers.shift() ?? { outcome: 'held' });
  }
  release(holdId: string): void {
    this.released.push(holdId);
  }
}

/** The register's own copy: one package with `available` thousandths, reserved as asked. */
function copyWith(available: number): InventoryRepository {
  const stock: OrderStock = {
    packagesOf: () =>
      Promise.resolve(new Map([['p1', { packageId: 'pkg-1', availableMilli: available } as PackageForSale]])),
    reserveAll: () => Promise.resolve(true),
  };
  return { stockFor: () => stock } as unknown as InventoryRepository;
}

/** A ticket's write as buildOrder makes it: reads the package, fills the line as far as it goes, reserves. */
const sellUpTo = (wanted: number) => async (stockOf: (tx: Queryable) => OrderStock) => {
  const stock = stockOf({} as Queryable);
  const pkg = (await stock.packagesOf('d', 'l', ['p1'])).get('p1')!;
  const milli = Math.min(wanted, pkg.availableMilli);
  await stock.reserveAll(milli > 0 ? [{ packageId: pkg.packageId, milli }] : []);
  return milli;
};

describe('a register sale held at its store server', () => {
  it('is filled as far as the server has it when the server has less than the copy shows', async () => {
    const server = new ServerAnswers([{ outcome: 'short', available: [{ packageId: 'pkg-1', milli: 1000 }] }]);
    expect(await holdingStock(copyWith(3000), server, sellUpTo(3000))).toBe(1000);
    expect(server.asked.map((a) => a.reservations)).toEqual([
      [{ packageId: 'pkg-1', milli: 3000 }],
      [{ packageId: 'pkg-1', milli: 1000 }],
    ]);
    expect(server.asked[0]!.holdId).not.toBe(server.asked[1]!.holdId);
    expect(server.released).toEqual([]);
  });

  it('gives the hold back when the write fails after it', async () => {
    const server = new ServerAnswers([{ outcome: 'held' }]);
    const failing = async (stockOf: (tx: Queryable) => OrderStock) => {
      await sellUpTo(1000)(stockOf);
      throw new ServicePayError('PURCHASE_LIMIT', 'over the daily limit');
    };
    await expect(holdingStock(copyWith(3000), server, failing)).rejects.toThrow('over the daily limit');
    expect(server.released).toEqual([server.asked[0]!.holdId]);
  });

  it('gives nothing back when the server was not asked (it does not answer: the sale goes on here)', async () => {
    const server = new ServerAnswers([{ outcome: 'unasked' }]);
    const failing = async (stockOf: (tx: Queryable) => OrderStock) => {
      await sellUpTo(1000)(stockOf);
      throw new Error('disk full');
    };
    await expect(holdingStock(copyWith(3000), server, failing)).rejects.toThrow('disk full');
    expect(server.released).toEqual([]);
  });

  it('asks nothing for a sale of nothing, and refuses in words after three tries the stock kept moving under', async () => {
    const none = new ServerAnswers([]);
    expect(await holdingStock(copyWith(0), none, sellUpTo(1000))).toBe(0);
    expect(none.asked).toEqual([]);
    const short = (milli: number): HoldResult => ({ outcome: 'short', available: [{ packageId: 'pkg-1', milli }] });
    const moving = new ServerAnswers([short(2000), short(1000), short(500)]);
    const refused = holdingStock(copyWith(3000), moving, sellUpTo(3000));
    await expect(refused).rejects.toThrow("the store's stock kept changing while this sale was written; try again");
    await expect(refused).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
