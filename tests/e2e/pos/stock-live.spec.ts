import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { placeOnline } from '../support/online-orders-api.js';

// A service of this file's own: the demo's 7 THCa Diamonds are all there when the journey starts.
test.use({ serviceOptions: { args: [], env: {}, own: 'stock-live' } });

test('a tile follows the stock an online order takes, and so does the cart’s quantity, without a reload', async ({
  page,
  service,
  api,
}) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'stock-1');
  await pos.login();
  const diamonds = (await api.catalog('CONCENTRATE', 50)).find((product) => product.name === 'THCa Diamonds')!;
  expect(diamonds.quantityAvailable).toBe(7);

  await pos.addBySearch('THCa Diamonds', 'THCa Diamonds');
  const tile = pos.results.filter({ hasText: 'THCa Diamonds' });
  await expect(tile).toContainText('In stock');
  const more = page.getByRole('button', { name: 'One more THCa Diamonds' });
  await expect(more).toBeEnabled();

  // The shop takes 5 of the 7 through the ticket API: the register is told, and reads nothing again.
  await placeOnline(api, [{ productId: diamonds.productId, quantity: 5 }]);
  await expect(tile).toContainText('Only 2 left');
  await more.click();
  await expect(pos.cartLines.filter({ hasText: 'THCa Diamonds' }).getByLabel(/^Quantity of/)).toHaveValue('2');
  // Two on the sale, two left: the cart offers no third.
  await expect(more).toBeDisabled();
});
