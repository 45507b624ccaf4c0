import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

test('a drawer closed with no cash in or out says it is closed, not "yet this shift"', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'drawer-words');
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
  await pos.drawer.openWithAmount('100');
  await pos.drawer.show();
  // Open: nothing went in or out yet.
  await expect(page.getByTestId('no-movements')).toHaveText('No cash in or out yet this shift.');

  await pos.drawer.closeWithAmount('100');
  const movements = page.getByRole('region', { name: 'Cash movements' });
  await expect(movements.getByTestId('no-movements')).toHaveText(
    'No cash went in or out this shift. The drawer is closed.',
  );
  await expect(page.getByText('No cash in or out yet this shift.')).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await movements.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `drawer-closed-no-movements-${size.width}`, { fullPage: false });
  }
});
