import { describe, expect, it } from 'vitest';
import { PackagesNow } from '../../../electron/server/catalog/packages-now.js';

/** A database whose change epoch the test moves by hand (null: it cannot tell), and the loads it answered. */
function setup(maxProducts?: number) {
  const source = { epoch: 0 as number | null, changeEpoch: () => source.epoch };
  const stock = new Map<string, string[]>([
    ['p1', ['p1-a', 'p1-b']],
    ['p2', ['p2-a']],
  ]);
  const loads: string[][] = [];
  const load = async (ids: readonly string[]) => {
    loads.push([...ids]);
    return new Map(ids.filter((id) => stock.has(id)).map((id) => [id, [...stock.get(id)!]]));
  };
  return { source, stock, loads, load, now: new PackagesNow<string>(source, maxProducts) };
}

describe('PackagesNow', () => {
  it('reads only the products it does not keep, and keeps a product without packages as such', async () => {
    const { now, load, loads } = setup();
    expect(Object.fromEntries(await now.get('s', ['p1', 'p3'], load))).toEqual({ p1: ['p1-a', 'p1-b'] });
    expect(Object.fromEntries(await now.get('s', ['p3', 'p2', 'p1'], load))).toEqual({
      p1: ['p1-a', 'p1-b'],
      p2: ['p2-a'],
    });
    expect(await now.get('s', ['p1', 'p2', 'p3'], load)).toHaveProperty('size', 2);
    expect(loads).toEqual([['p1', 'p3'], ['p2']]);
  });

  it('reads everything again once anything was written, and keeps each place apart', async () => {
    const { now, load, loads, stock, source } = setup();
    await now.get('s', ['p1'], load);
    stock.set('p1', ['p1-c']);
    expect((await now.get('s', ['p1'], load)).get('p1')).toEqual(['p1-a', 'p1-b']);
    source.epoch = 1;
    expect((await now.get('s', ['p1'], load)).get('p1')).toEqual(['p1-c']);
    expect((await now.get('other store', ['p1'], load)).get('p1')).toEqual(['p1-c']);
    expect(loads).toEqual([['p1'], ['p1'], ['p1']]);
  });

  it('answers but does not keep what it read while a write moved the epoch', async () => {
    const { now, loads, stock, source } = setup();
    const moving = async (ids: readonly string[]) => {
      loads.push([...ids]);
      source.epoch = (source.epoch ?? 0) + 1;
      return new Map(ids.map((id) => [id, [...stock.get(id)!]]));
    };
    expect((await now.get('s', ['p1'], moving)).get('p1')).toEqual(['p1-a', 'p1-b']);
    stock.set('p1', ['p1-c']);
    expect((await now.get('s', ['p1'], moving)).get('p1')).toEqual(['p1-c']);
    expect(loads).toHaveLength(2);
  });

  it('reads every time where the database cannot tell what changed', async () => {
    const { now, load, loads, source } = setup();
    source.epoch = null;
    await now.get('s', ['p1'], load);
    await now.get('s', ['p1'], load);
    expect(loads).toEqual([['p1'], ['p1']]);
  });

  it('starts again when it would keep more than it may', async () => {
    const { now, load, loads } = setup(2);
    await now.get('s', ['p1', 'p2'], load);
    await now.get('s', ['p3'], load);
    await now.get('s', ['p1'], load);
    expect(loads).toEqual([['p1', 'p2'], ['p3'], ['p1']]);
  });
});
