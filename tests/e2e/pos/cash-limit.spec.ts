import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';

test('cash received over the most one payment takes: said in dollars, no change shown, gone once the amount is right', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'cash-limit-1');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(1);
  await pos.settled();
  await pos.payHere();
  await pos.widget.method('Cash').click();
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  await received.fill('1000000.01');
  await expect(pos.widget.main).toContainText('The cash received must be at most $1,000,000.00.');
  await expect(pos.widget.main).not.toContainText('Change due');
  await pos.screenshot(testInfo, 'cash-over-limit-1280');
  await received.fill('100');
  await expect(pos.widget.main).not.toContainText('must be at most');
  await expect(pos.widget.main).toContainText('Change due');
});
