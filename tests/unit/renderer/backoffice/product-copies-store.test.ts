import type { CopyTarget } from '../../../../shared/contracts/product-copies.js';
// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useProductCopiesStore } from '../../../../renderer/backoffice/stores/product-copies.js';
import { useSessionStore } from '../../../../renderer/backoffice/stores/session.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';
import { product } from './product-fixture.js';

const COPY = '/v2.0/dispensary/demo/setup/products/p1/copy';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const north: CopyTarget = { dispensaryShortName: 'north', dispensaryName: 'Mesa North', problem: null };
const stores = (...targets: CopyTarget[]): Answer => ({ body: { ...ok, stores: targets } });
const blueDream = product();

afterEach(() => vi.unstubAllGlobals());

describe('copying a product to other stores', () => {
  it('is offered to an organization-wide manager once the organization is known to have another store', async () => {
    signedIn(['store:manage']);
    const calls = fakeService({ [`GET ${COPY}`]: [stores(north)] });
    const copies = useProductCopiesStore();
    expect(copies.offered).toBe(false);
    await copies.learn(blueDream);
    await copies.learn(blueDream);
    expect(copies.offered).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('is not offered, nor asked for, for a store’s own login or one that does not manage the store', async () => {
    const calls = fakeService({});
    signedIn(['store:manage']);
    useSessionStore().session!.user.dispensaryId = 'demo-id';
    await useProductCopiesStore().learn(blueDream);
    expect(useProductCopiesStore().offered).toBe(false);
    signedIn(['ticket:read']);
    await useProductCopiesStore().learn(blueDream);
    expect(useProductCopiesStore().offered).toBe(false);
    expect(calls).toEqual([]);
  });

  it('is not offered when the organization has no other store', async () => {
    signedIn(['store:manage']);
    fakeService({ [`GET ${COPY}`]: [stores()] });
    const copies = useProductCopiesStore();
    await copies.learn(blueDream);
    expect(copies.offered).toBe(false);
  });

  it('reads the open product’s stores, copies to those chosen, and throws a refusal in the service’s words', async () => {
    signedIn(['store:manage']);
    const taken = { ...north, problem: 'north has a product with the SKU FLW-001 already (Blue Dream)' };
    const calls = fakeService({
      [`GET ${COPY}`]: [stores(north), stores(taken)],
      [`POST ${COPY}`]: [
        {
          body: {
            ...ok,
            product: blueDream,
            copies: [{ dispensaryShortName: 'north', dispensaryName: 'Mesa North', product: blueDream }],
          },
        },
        refused(
          409,
          'CONFLICT',
          'Blue Dream (FLW-001) was copied to no store: north has a product with the SKU FLW-001 already (Blue Dream)',
        ),
      ],
    });
    const copies = useProductCopiesStore();
    copies.open(blueDream);
    await copies.load();
    expect(copies.targets).toEqual([north]);
    const answer = await copies.copy(['north']);
    expect(answer.copies.map((copy) => copy.dispensaryName)).toEqual(['Mesa North']);
    await copies.load();
    expect(copies.targets).toEqual([taken]);
    await expect(copies.copy(['north'])).rejects.toThrow('was copied to no store: north has a product');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { to: ['north'] },
      { to: ['north'] },
    ]);
    copies.reset();
    expect([copies.product, copies.targets, copies.otherStores]).toEqual([null, [], null]);
  });
});
