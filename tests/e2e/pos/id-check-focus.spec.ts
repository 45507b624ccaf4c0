import { PosPage } from '../pages/pos-page.js';
import { customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';

// A loyalty programme of this file's own: the sale's customer panel, with "Find customer or check ID".
test.use({ serviceOptions: { args: [], env: {}, own: 'id-check-focus' } });

test('the ID check opens on its search: a name typed at once finds the customer, no click on the field first', async ({
  page,
  service,
  api,
}) => {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  await customerWithPoints(api, { firstName: 'Quinn', lastName: 'Focusworth', points: 10 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'id-check-focus-1');
  await pos.login();
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  const search = dialog.getByLabel('Name, phone or ID number');
  await expect(search).toBeFocused();
  await page.keyboard.type('Focusworth');
  await expect(dialog.getByRole('list', { name: 'Customers found' }).getByRole('button')).toHaveText([
    /^Quinn Focusworth/,
  ]);

  // Back from typing an ID, the search has the focus again.
  await dialog.getByRole('button', { name: 'Type an ID' }).click();
  await dialog.getByRole('button', { name: 'Find a customer' }).click();
  await expect(search).toBeFocused();
});
