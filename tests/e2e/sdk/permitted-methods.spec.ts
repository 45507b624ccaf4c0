import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/sdk-fixtures.js';

/** The widget offers only what its token may do (README: which role each method needs). */

test('initialised with the cashier’s token, the ecommerce widget offers cards and no bank transfer', async ({
  host,
  widget,
  sdk,
}, testInfo) => {
  await host.ready(await sdk.login('cashier'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 2400 });
  await expect(widget.method('Credit card')).toBeVisible();
  await expect(widget.method('Bank transfer (ACH)')).toHaveCount(0);
  await expect(widget.method('Others')).toHaveCount(0);
  await keepScreenshot(host.page, testInfo, 'cashier-ecommerce-widget');

  // A manager's token (invoice:create) is offered the bank transfer in the same widget.
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 2400 });
  await expect(widget.method('Bank transfer (ACH)')).toBeVisible();
  await keepScreenshot(host.page, testInfo, 'manager-ecommerce-widget');
});
