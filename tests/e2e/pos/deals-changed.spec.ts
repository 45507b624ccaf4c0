import { register } from '../pages/register.js';
import { cli } from '../../support/service-process.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { categoryScope } from '../support/wednesday-deals.js';

// A store of its own: its deals change under an open cart, and no other file must find them.
test.use({ serviceOptions: { args: [], env: {}, own: 'deals-changed' } });
const GUMMIES = 'Watermelon Gummies 10 x 10mg';

test('a deal changed under an open cart: the cart follows a change from the back office at once, and a change it did not hear is said at checkout', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { deal } = await api.setup<{ deal: { id: string } }>('POST', '/deals', {
    name: 'Wednesday edibles',
    kind: 'percent',
    percent: 20,
    scope: categoryScope(['EDIBLE']),
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer();
  await pos.addBySearch('EDI-001', GUMMIES);
  // The gummies' own promotion, and the deal.
  const wednesday = () => pos.lineDeals(GUMMIES).filter({ hasText: 'Wednesday edibles' });
  await expect(wednesday()).toHaveText([/^Wednesday edibles −\$3\.60$/]);
  const withDeal = await pos.settled();

  // The manager pauses it in the back office: the cart and the pole display are priced again at once.
  await api.setup('PATCH', `/deals/${deal.id}`, { active: false });
  await expect(wednesday()).toHaveCount(0);
  await expect(pos.lineDeals(GUMMIES)).toHaveText(['10% off edibles −$2.00']);
  await expect(pos.total).not.toHaveText(withDeal);
  const without = await pos.settled();
  await expect(display.total).toHaveText(without);

  // Resumed from the command line (another process: the register hears nothing): the sale's ticket is
  // priced with it all the same, and the cashier is told the total the cart showed is not the one charged.
  cli(service.dataDir, 'deals', 'resume', 'Wednesday edibles', '--dispensary', 'demo');
  await expect(pos.total).toHaveText(without);
  await pos.payHere();
  await expect(page.getByTestId('checkout-notice')).toHaveText(
    `The total is now ${withDeal}, not the ${without} the cart showed: Wednesday edibles now applies. ` +
      'Tell the customer before taking payment.',
  );
  // The cart beside the checkout says what is charged.
  await expect(pos.total).toHaveText(withDeal);
  await expect(wednesday()).toHaveText([/^Wednesday edibles −\$3\.60$/]);
  await keepScreenshot(page, testInfo, 'pos-repriced-at-checkout-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'pos-repriced-at-checkout-1024x768', { fullPage: false });
});
