import { expect, test } from '../support/sdk-fixtures.js';

/** Single-page apps (spec 4.3): after the teardown, init runs again; the old instance stays quiet. */

test('teardown and init again, several times; each payment answers once', async ({ host, widget, sdk, page }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
  await host.pay({ originalAmount: 1500 });
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Pay by card');

  for (let visit = 2; visit <= 3; visit += 1) {
    await host.teardown();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(await page.evaluate(() => '_servicepay' in window || 'loaded-_servicepay' in window)).toBe(false);
    await host.loadAgain();
    await host.init({ channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
    await expect.poll(() => host.readyCount()).toBe(visit);
    await expect(page.locator('iframe')).toHaveCount(1);
  }
  await host.pay({ originalAmount: 2600 });
  await widget.method('Credit card').click();
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_OPTION_SELECTED']);
  await expect(widget.main).toContainText('$26.00');
  expect(host.consoleErrors).toEqual([]);
});

test('leaving while the paylink overlay is open removes it and unlocks the page', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const login = await sdk.login('manager');
  await host.ready(login, { channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
  await host.pay({ originalAmount: 3100 });
  await widget.method('Bank transfer (ACH)').click();
  await expect(page.locator('#paylink-_servicepay')).toHaveCount(1);
  await host.teardown();
  await host.loadAgain();
  await host.init({ channel: 'ecommerce' });
  await expect.poll(() => host.readyCount()).toBe(2);
  await expect(page.locator('#paylink-_servicepay')).toHaveCount(0);
  await expect(page.locator('main')).not.toHaveAttribute('inert', '');
  await page.getByRole('button', { name: 'Add an item' }).click();
});
