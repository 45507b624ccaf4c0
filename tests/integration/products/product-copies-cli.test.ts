// `servicepay products copy` as an operator runs it: a chain of three demo stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCopyAnswer } from '../../../shared/contracts/product-copies.js';
import { freshDatabase } from '../../support/test-database.js';
import { runServicepay } from '../../support/cli-in-process.js';

const database = await freshDatabase();

const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
const NEW = ['--sku', 'GV-NEW-1', '--name', 'Night Owl 1g Pre-roll', '--type', 'preroll', '--price', '9.00'];

beforeAll(async () => {
  expect((await servicepay('demo', 'load', '--stores', '3')).status).toBe(0);
  const created = await servicepay('products', 'create', '--dispensary', 'demo', ...NEW, '--tax-class', 'cannabis');
  expect(created.status, created.stderr).toBe(0);
}, 60_000);
afterAll(() => database.drop());

describe('servicepay products copy', { timeout: 60_000 }, () => {
  it('copies a product to other stores, says so in words, and refuses a second copy naming each store', async () => {
    const copied = await servicepay(
      'products',
      'copy',
      'GV-NEW-1',
      '--dispensary',
      'demo',
      '--to',
      'demo-2',
      '--to',
      'demo-3',
    );
    expect(copied.status, copied.stderr).toBe(0);
    expect(copied.stdout.trim()).toBe(
      'Copied Night Owl 1g Pre-roll (GV-NEW-1) to demo-2, demo-3, with no stock there yet.',
    );
    const shown = await servicepay('--json', 'products', 'show', 'GV-NEW-1', '--dispensary', 'demo-3');
    expect(JSON.parse(shown.stdout).product).toMatchObject({
      name: 'Night Owl 1g Pre-roll',
      priceCents: 900,
      quantityOnHand: 0,
    });

    const again = await servicepay(
      'products',
      'copy',
      'GV-NEW-1',
      '--dispensary',
      'demo',
      '--to',
      'demo-3',
      '--to',
      'demo-2',
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'was copied to no store: Green Valley East Sacramento has a product with the SKU GV-NEW-1 already ' +
        '(Night Owl 1g Pre-roll); Green Valley Midtown has a product with the SKU GV-NEW-1 already (Night Owl 1g Pre-roll)',
    );
  });

  it('answers the same shapes as the API with --json, and names the option at fault', async () => {
    const edited = await servicepay('products', 'edit', 'GV-NEW-1', '--dispensary', 'demo', '--sku', 'GV-NEW-2');
    expect(edited.status, edited.stderr).toBe(0);
    const copied = await servicepay('--json', 'products', 'copy', 'GV-NEW-2', '--dispensary', 'demo', '--to', 'demo-2');
    expect(copied.status, copied.stderr).toBe(0);
    const answer = JSON.parse(copied.stdout) as ProductCopyAnswer;
    expect(answer).toMatchObject({ resultCode: 'SUCCESS', product: { sku: 'GV-NEW-2' } });
    expect(answer.copies.map((copy) => [copy.dispensaryShortName, copy.product.sku])).toEqual([['demo-2', 'GV-NEW-2']]);
    const itself = await servicepay('products', 'copy', 'GV-NEW-2', '--dispensary', 'demo', '--to', 'demo');
    expect(itself.status).toBe(1);
    expect(itself.stderr).toContain('--to names demo: Green Valley Dispensary, the store the product is copied from');
  });
});
