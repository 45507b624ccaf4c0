import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';

test('the float’s total follows every key typed, by bills and as one amount, never the entry before the last key', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'float-live');
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
  const total = pos.drawer.total('float');
  const button = page.getByRole('button', { name: /^Open the drawer with/ });

  /** Presses each key in turn; what the total and the button say is read at once, no wait for a pause. */
  async function keys(typed: string, expected: string[]): Promise<void> {
    for (const [at, key] of [...typed].entries()) {
      await page.keyboard.press(key);
      expect(await total.textContent()).toBe(expected[at]);
      expect(await button.textContent()).toContain(expected[at]);
    }
  }

  await page.getByLabel('Number of $20 bills').fill('');
  await keys('12', ['$20.00', '$240.00']);
  await page.getByRole('button', { name: 'One amount' }).click();
  await page.getByLabel('Amount counted ($)').focus();
  await keys('150.2', ['$1.00', '$15.00', '$150.00', '$150.00', '$150.20']);
  await pos.screenshot(testInfo, 'drawer-float-live');
});
