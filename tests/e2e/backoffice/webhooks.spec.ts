import { join } from 'node:path';
import Database from 'better-sqlite3';
import { verifyWebhook } from '../../../examples/integrator/verify-webhook.js';
import { WebhooksPage } from '../pages/webhooks-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { orderEndingIn, payInCash } from './orders-for-test.js';

// A store of its own: it starts with no endpoint and leaves two whose receivers the test stops, which
// every later order event of a shared store would be delivered to, and retried.
test.use({ serviceOptions: { args: [], env: {}, own: 'webhooks' } });

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await WebhookReceiver.start();
});
test.afterEach(() => receiver.stop());

test('a manager adds an endpoint, sees a failed delivery of a cash sale in the log and redelivers it', async ({
  page,
  service,
  api,
}, testInfo) => {
  const webhooks = new WebhooksPage(page);
  await webhooks.open(service.url, 'demo', 'manager', DEMO.users.manager);
  await expect(page.getByText('No endpoints yet')).toBeVisible();

  // A plain http:// address on this computer is refused, with the service's reason, until local testing is allowed.
  await webhooks.add(receiver.url);
  await expect(webhooks.setup.refusal).toHaveText(
    'The address must start with https:// (http:// is accepted only for local testing, with ' +
      '“Allow this computer and private network addresses”).',
  );
  await webhooks.add(receiver.url, { local: true, description: 'Web shop order sync' });

  // The secret is shown once, copies, and is gone once the manager has stored it.
  await expect(webhooks.secretPanel).toContainText('you will not see it again');
  const secret = await webhooks.secret();
  expect(secret).toMatch(/^whsec_/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.url });
  await webhooks.secretPanel.getByRole('button', { name: 'Copy' }).click();
  await expect(webhooks.secretPanel).toContainText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await axeViolations(page)).toEqual([]);
  await webhooks.screenshots(testInfo, 'webhooks-secret');
  await webhooks.secretPanel.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = webhooks.endpoint(receiver.url);
  await expect(row).toContainText('All events');
  await expect(row).toContainText('Web shop order sync');
  await expect(row).toContainText('local testing');
  await expect(row).toContainText('Active');

  // A cash sale at the register: the receiver is down (500) and gets every event of it, signed with that secret.
  const order = await orderEndingIn(api, 10, 1);
  await payInCash(api, order);
  await expect.poll(() => receiver.of('order.paid').length, { timeout: 15_000 }).toBe(1);
  const [failedTry] = receiver.of('order.paid');
  const event = verifyWebhook(failedTry!.body, failedTry!.signature, secret);
  expect(event.type).toBe('order.paid');

  // The log says it failed, what the receiver answered, and when the next try is (the store's time).
  const paid = webhooks.delivery('order.paid', order.orderNumber);
  // The receiver may have answered before the service recorded it: read the log until it has.
  await webhooks.untilLog(async () => {
    await expect(paid).toContainText('Retrying');
    await expect(paid).toContainText('HTTP 500', { timeout: 500 });
  });
  await expect(paid).toContainText('1 attempt');
  // A minute on: tomorrow, to a run just before the store's midnight.
  await expect(paid).toContainText(/Next try (Today|Tomorrow), \d{1,2}:\d{2}\u00a0[AP]M/);
  await expect(webhooks.delivery('order.created', order.orderNumber)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await webhooks.screenshots(testInfo, 'webhooks-log-failed');

  // The receiver is fixed; Redeliver sends it now and shows that attempt's result.
  receiver.status = 200;
  await paid.getByRole('button', { name: /^Redeliver/ }).click();
  await expect(webhooks.redeliveryOutcome).toContainText(`Order paid, order ${order.orderNumber}: delivered to`);
  await expect(paid).toContainText('Delivered');
  await expect(paid).toContainText('2 attempts');
  const delivered = receiver.of('order.paid');
  expect(delivered.map((delivery) => delivery.answered)).toEqual([500, 200]);
  // The same event, signed again: the receiver can drop a duplicate by its id.
  expect(verifyWebhook(delivered[1]!.body, delivered[1]!.signature, secret).id).toBe(event.id);
  // Only this endpoint's delivered ones, by the filters.
  await webhooks.log.getByLabel('Status').selectOption('Delivered');
  await expect(webhooks.log.locator('tbody tr')).toHaveCount(1);
  await expect(paid).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await webhooks.screenshots(testInfo, 'webhooks-log-redelivered');

  // The receiver takes the delivery and hangs up without answering: said in words, never Node's
  // "socket hang up" (the API's delivery record keeps it for the log).
  receiver.hangUp = true;
  await webhooks.log.getByLabel('Status').selectOption('Every status');
  const created = webhooks.delivery('order.created', order.orderNumber);
  await created.getByRole('button', { name: /^Redeliver/ }).click();
  await expect(webhooks.redeliveryOutcome).toContainText(
    `Order created, order ${order.orderNumber}: not delivered to ${receiver.url} (the connection was closed before an answer came).`,
  );
  await expect(created).toContainText('the connection was closed before an answer came');
  await expect(webhooks.log).not.toContainText(/socket hang up|ECONNRESET/);
  await webhooks.screenshots(testInfo, 'webhooks-log-hung-up');

  // The receiver is gone: a try that cannot connect says why in words, never the network's code
  // (the API's delivery record keeps it for the integrator).
  await receiver.stop();
  await created.getByRole('button', { name: /^Redeliver/ }).click();
  await expect(webhooks.redeliveryOutcome).toContainText(`Order created, order ${order.orderNumber}: not delivered to`);
  await expect(webhooks.redeliveryOutcome).toContainText('(connection refused).');
  await expect(created).toContainText('connection refused');
  await expect(webhooks.log).not.toContainText('ECONNREFUSED');
  await expect(webhooks.redeliveryOutcome).not.toContainText('ECONNREFUSED');
  await webhooks.screenshots(testInfo, 'webhooks-log-refused');
});

test('disabling and rotating ask first; an endpoint turned off for failing is told on every screen and enabled again', async ({
  page,
  service,
}, testInfo) => {
  const webhooks = new WebhooksPage(page);
  await webhooks.open(service.url, 'demo', 'manager', DEMO.users.manager);
  await webhooks.add(receiver.url, { local: true, events: ['Order paid', 'Payment refunded'] });
  const first = await webhooks.secret();
  await webhooks.secretPanel.getByRole('button', { name: 'I have stored the secret' }).click();
  const row = webhooks.endpoint(receiver.url);
  await expect(row).toContainText('Order paid, Payment refunded');

  // Rotating asks, then shows the new secret once.
  await row.getByRole('button', { name: /^Rotate the secret/ }).click();
  await expect(page.getByRole('dialog')).toContainText('the old one stops working at once');
  await webhooks.setup.answer('Rotate the secret');
  await expect(webhooks.secretPanel).toContainText('New signing secret for');
  expect(await webhooks.secret()).not.toBe(first);
  await webhooks.secretPanel.getByRole('button', { name: 'I have stored the secret' }).click();

  // Disabling asks; keeping it changes nothing; disabling says what it did.
  await row.getByRole('button', { name: /^Disable/ }).click();
  await webhooks.setup.answer('Keep sending');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /^Disable/ }).click();
  await webhooks.setup.answer('Disable the endpoint');
  await expect(row).toContainText('Disabled by a manager.');
  await expect(webhooks.setup.done).toContainText('is disabled');
  await row.getByRole('button', { name: /^Enable/ }).click();
  await expect(row).toContainText('Active');

  // Three days of failed deliveries are the service's own tests' (a test clock); here the endpoint is
  // left as the dispatcher leaves it then, and the back office must tell the manager.
  const db = new Database(join(service.dataDir, 'servicepay.db'));
  db.prepare(
    "UPDATE webhook_endpoints SET disabled = 1, disabled_reason = 'failing', disabled_at = ? WHERE url = ?",
  ).run(new Date().toISOString(), receiver.url);
  db.close();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expect(webhooks.failingAlert).toContainText('Webhooks stopped: an endpoint kept failing');
  await expect(webhooks.failingAlert).toContainText(receiver.url);
  expect(await axeViolations(page)).toEqual([]);
  await webhooks.screenshots(testInfo, 'webhooks-failing-alert');
  await webhooks.failingAlert.getByRole('button', { name: 'Open Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Webhooks' })).toBeVisible();
  await expect(row).toContainText('Disabled: kept failing');
  await expect(row).toContainText('Its deliveries failed for 3 days');
  await webhooks.screenshots(testInfo, 'webhooks-failing-setup');
  await webhooks.failingAlert.getByRole('button', { name: `Enable ${receiver.url} again` }).click();
  await expect(webhooks.failingAlert).toHaveCount(0);
  await expect(row).toContainText('Active');
  await expect(webhooks.setup.done).toContainText('new events are sent to it again');
});
