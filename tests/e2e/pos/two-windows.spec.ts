import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';

test('a second window signed in at the same register: the first says why it was signed out, in words, and signs in again', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const first = new PosPage(page);
  await first.open(service.url, 'twin-1');
  await first.login();
  await first.addBySearch('FLW-001', 'Blue Dream');
  const total = await first.settled();

  // Signing in at the register enrolls it again: the first window's credentials are replaced.
  const other = await page.context().newPage();
  const second = new PosPage(other);
  await second.open(service.url, 'twin-1');
  await second.login('manager', 'manager-demo-1');
  await other.close();

  // The first window's next call is refused: it signs out saying what happened, not that time ran out.
  await page.bringToFront();
  await page.getByRole('button', { name: 'One more Blue Dream' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(
    page.getByText(
      'Someone signed in at this register in another window, so this one was signed out. Sign in again to work here.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Your session has expired')).toHaveCount(0);
  await first.screenshot(testInfo, 'pos-signed-in-elsewhere-1280x800');

  // Signing in again here takes the register back: the sale kept is priced again, the refusal gone.
  await first.login();
  await expect(first.cartLines).toHaveCount(1);
  await expect(first.total).not.toHaveText('$0.00');
  expect(await first.settled()).not.toBe(total);
  await expect(page.getByText('signed in again in another window')).toHaveCount(0);
  await first.addBySearch('snickerdoodle', 'Snickerdoodle Cookie');
  await expect(first.cartLines).toHaveCount(2);
});
