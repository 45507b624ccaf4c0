import { describe, expect, it } from 'vitest';
import { movedNotices } from '../../../electron/server/catalog/stock-news.js';
import { MovesInTurn, type Moved } from '../../../electron/server/catalog/moves-in-turn.js';

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, at) => `${prefix}-${at}`);
const moved = (products: string[], packages: string[]): Moved => ({
  products: new Set(products),
  packages: new Set(packages),
});

describe('the notices of moved stock between instances (stock-news.ts)', () => {
  it('tells every id once, at most `most` a notice, products first', () => {
    const [products, packages] = [ids('product', 7), ids('package', 5)];
    const notices = movedNotices('store', moved(products, packages), 5);
    expect(notices.map((one) => [one.products.length, one.packages.length])).toEqual([
      [5, 0],
      [2, 3],
      [0, 2],
    ]);
    expect(notices.flatMap((one) => one.products)).toEqual(products);
    expect(notices.flatMap((one) => one.packages)).toEqual(packages);
    expect(notices.every((one) => one.dispensaryId === 'store')).toBe(true);
  });

  it('one notice for a sale; none for nothing moved', () => {
    expect(movedNotices('store', moved(['a', 'b', 'c'], ['k']))).toEqual([
      { dispensaryId: 'store', products: ['a', 'b', 'c'], packages: ['k'] },
    ]);
    expect(movedNotices('store', moved([], []))).toEqual([]);
  });

  it('a notice of 100 ids stays under PostgreSQL NOTIFY’s 8000 bytes as the hub sends it', () => {
    const uuid = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const [notice] = movedNotices(uuid, moved(ids(uuid, 60), ids(uuid, 60)));
    const message = JSON.stringify({ topic: 'instances', event: 'stock.moved', data: notice });
    expect(notice!.products.length + notice!.packages.length).toBe(100);
    expect(Buffer.byteLength(message)).toBeLessThan(8000);
  });
});

describe('moves handled in turn (moves-in-turn.ts)', () => {
  it('hands the first move at once, and those that come meanwhile together, store by store', async () => {
    const turns: [string, string[]][] = [];
    let finish: () => void = () => undefined;
    const inTurn = new MovesInTurn(async (store, what) => {
      turns.push([store, [...what.products, ...what.packages]]);
      if (turns.length === 1) await new Promise<void>((done) => (finish = done));
    });
    inTurn.add('one', 'products', ['a']);
    inTurn.add('one', 'products', ['b']);
    inTurn.add('two', 'packages', ['k']);
    inTurn.add('one', 'packages', ['c', 'b']);
    inTurn.add('one', 'products', []);
    expect(turns).toEqual([['one', ['a']]]);
    finish();
    await new Promise((done) => setImmediate(done));
    expect(turns).toEqual([
      ['one', ['a']],
      ['one', ['b', 'c', 'b']],
      ['two', ['k']],
    ]);
  });
});
