import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { productRows } from './support/product-fixtures.js';

// A state tag is one package's in the whole organization (README "Products"): the product form
// refuses a tag another package has, as the catalog import and receiving do, by the same notion of
// the same tag (trimmed, any case), in words at the tag's field naming the product whose package
// has it; a product keeps its own tag, and two writes giving one tag at once do not both succeed.
let h: SetupHarness;
/** The demo's Blue Dream (FLW-001) and Purple Punch (FLW-002) have these tags. */
const BLUE_DREAM_TAG = '1A4060300003D12000000001';
const PURPLE_PUNCH_TAG = '1A4060300003D12000000002';
const ONE = 'each package has its own state tag';

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  ok(await h.call(h.tokens.manager, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis', rates: [] }));
});
afterAll(() => h.close());

const jar = (sku: string, packageLabel: string) => ({
  sku,
  name: `Jar ${sku}`,
  type: 'flower',
  priceCents: 3000,
  taxClass: 'cannabis',
  packageLabel,
});
const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, `/products${path}`, payload, store);
const product = async (sku: string) => ok<{ product: ProductView }>(await asManager('GET', `/${sku}`)).product;

describe('the product form and a state tag another package has', () => {
  it('refuses a new product the tag, as typed, in another case or with spaces around, at its field; writes nothing', async () => {
    const before = await productRows(h.app);
    const spellings: [string, string][] = [
      [BLUE_DREAM_TAG, BLUE_DREAM_TAG],
      [BLUE_DREAM_TAG.toLowerCase(), BLUE_DREAM_TAG.toLowerCase()],
      [`  ${BLUE_DREAM_TAG}  `, BLUE_DREAM_TAG],
    ];
    for (const [typed, said] of spellings) {
      const answer = await asManager('POST', '', jar('TAG-FORM-1', typed));
      refused(
        answer,
        409,
        new RegExp(`^packageLabel ${said} is already on a package of Blue Dream \\(FLW-001\\); ${ONE}$`),
      );
      expect(answer.json()).toMatchObject({ resultReason: 'CONFLICT' });
    }
    expect(await productRows(h.app)).toEqual(before);
  });

  it('names the other store of the organization, by its name, whose package has it', async () => {
    refused(
      await asManager('POST', '', jar('MESA-TAG-1', PURPLE_PUNCH_TAG.toLowerCase()), 'mesa'),
      409,
      new RegExp(
        `^packageLabel ${PURPLE_PUNCH_TAG.toLowerCase()} is already on a package of Purple Punch \\(FLW-002\\) at Green Valley Dispensary; ${ONE}$`,
      ),
    );
  });

  it('refuses an edit giving a product the tag; a product keeps its own, in any case, and its other fields stay editable', async () => {
    const before = await product('FLW-003');
    refused(
      await asManager('PATCH', `/${before.productId}`, { packageLabel: ` ${PURPLE_PUNCH_TAG.toLowerCase()}` }),
      409,
      new RegExp(
        `^packageLabel ${PURPLE_PUNCH_TAG.toLowerCase()} is already on a package of Purple Punch \\(FLW-002\\)`,
      ),
    );
    expect(await product('FLW-003')).toEqual(before);

    const blue = await product('FLW-001');
    const own = ok<{ product: ProductView }>(
      await asManager('PATCH', `/${blue.productId}`, { packageLabel: BLUE_DREAM_TAG.toLowerCase() }),
    ).product;
    expect(own.packageLabel).toBe(BLUE_DREAM_TAG.toLowerCase());
    const priced = ok<{ product: ProductView }>(await asManager('PATCH', `/${blue.productId}`, { priceCents: 3600 }));
    expect(priced.product).toMatchObject({ priceCents: 3600, packageLabel: BLUE_DREAM_TAG.toLowerCase() });
    // Blue Dream's tag in lower case is still Blue Dream's: another product is refused it in upper case.
    refused(
      await asManager('PATCH', `/${before.productId}`, { packageLabel: BLUE_DREAM_TAG }),
      409,
      /is already on a package of Blue Dream \(FLW-001\)/,
    );
    ok(await asManager('PATCH', `/${blue.productId}`, { packageLabel: BLUE_DREAM_TAG }));
  });

  it('takes a tag no package has, and one a product gave up', async () => {
    const fresh = '1A4060300003E00000000501';
    ok(await asManager('POST', '', jar('TAG-FORM-2', fresh)));
    const moved = await product('TAG-FORM-2');
    ok(await asManager('PATCH', `/${moved.productId}`, { packageLabel: '1A4060300003E00000000502' }));
    expect((await product('FLW-004')).packageLabel).not.toBe(fresh);
    const taken = ok<{ product: ProductView }>(
      await asManager('PATCH', `/${(await product('FLW-004')).productId}`, { packageLabel: fresh }),
    ).product;
    expect(taken.packageLabel).toBe(fresh);
  });

  it('of two products given one tag at once (in two spellings), one is written and the other refused naming it', async () => {
    const tag = '1A4060300003E00000000601';
    const answers = await Promise.all([
      asManager('POST', '', jar('TAG-RACE-1', tag)),
      asManager('POST', '', jar('TAG-RACE-2', ` ${tag.toLowerCase()}`)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ product: ProductView }>().product;
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json().resultDetail).toMatch(
      new RegExp(`is already on a package of Jar ${winner.sku} \\(${winner.sku}\\); ${ONE}$`),
    );
    const other = winner.sku === 'TAG-RACE-1' ? 'TAG-RACE-2' : 'TAG-RACE-1';
    expect((await asManager('GET', `/${other}`)).statusCode).toBe(404);
  });
});
