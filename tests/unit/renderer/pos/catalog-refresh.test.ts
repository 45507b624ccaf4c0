// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/** The catalog the fake service answers now; `failing` makes its catalog reads fail. */
const service = { names: ['Blue Dream'], failing: false };

function answer(path: string): unknown {
  if (path.endsWith('/catalog/categories')) return { categories: [{ type: 'FLOWER', count: 1, inStock: 1 }] };
  if (path.endsWith('/catalog')) {
    const items = service.names.map((name, index) => product({ productId: `p${index}`, name }));
    return { items, nextCursor: null };
  }
  return {
    dispensary: { name: 'Green Valley', timezone: 'UTC', address: { street: '', city: '', state: '', zip: '' } },
  };
}

beforeEach(() => {
  signedInCashier();
  Object.assign(service, { names: ['Blue Dream'], failing: false });
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname;
    if (service.failing && path.includes('/catalog')) return new Response('{}', { status: 503 });
    return new Response(JSON.stringify({ resultCode: 'SUCCESS', resultReason: null, ...(answer(path) as object) }));
  });
});

const names = () => useCatalogStore().results.map((product) => product.name);

describe('the POS catalog on catalog.changed', () => {
  it('reads the catalog again behind the screen, and keeps the one it has when the read fails', async () => {
    const catalog = useCatalogStore();
    await catalog.load();
    expect(names()).toEqual(['Blue Dream']);
    service.names = ['Blue Dream', 'Gelato #33'];
    await catalog.refresh();
    expect(names()).toEqual(['Blue Dream', 'Gelato #33']);
    expect(catalog.loading).toBe(false);
    service.failing = true;
    await catalog.refresh();
    expect(names()).toEqual(['Blue Dream', 'Gelato #33']);
    expect(catalog.error).toBe('');
  });
});
