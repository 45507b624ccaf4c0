import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { seedForwardExceptions } from '../../support/forward-exceptions.js';
import { RegistersPage } from '../pages/registers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import { storeDay, storeDaysSince } from '../support/store-days.js';

// A store of its own: it starts from no attached register and leaves front-1 and front-2 attached,
// which a shared store would have from another file, or keep for the next.
test.use({ serviceOptions: { args: [], env: {}, own: 'registers' } });

/** Attaches register `name` to the demo store as its manager does (the register's side of it). */
async function enroll(api: ServiceApi, name: string): Promise<EnrolledRegister> {
  return api.call('POST', '/v2.0/dispensary/demo/setup/registers', JSON.stringify({ name }), {
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
}

test('registers: a manager sees the registers attached to the store, revokes one after a confirmation', async ({
  page,
  service,
  api,
}, testInfo) => {
  const registers = new RegistersPage(page);
  await registers.open(service.url, 'demo', 'manager', DEMO.users.manager);
  await page.setViewportSize({ width: 1366, height: 768 });

  // None yet: the screen says so in words, and how to attach one with this server's address.
  await expect(page.getByText('No registers are attached to this store yet.')).toBeVisible();
  await expect(registers.attachHelp).toContainText(`npm start -- --server ${service.url}`);
  await expect(registers.attachHelp).toContainText(
    `servicepay attach --server ${service.url} --dispensary demo --name front-1 --username <manager>`,
  );
  await expect(registers.attachHelp).toContainText('reaches this computer only');
  // With no register, no sale was forwarded: no report of them either.
  await expect(registers.exceptions).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await registers.screenshots(testInfo, 'registers-empty');

  // Two registers attach (as their manager's sign-in on each does), and the screen lists both by name.
  await enroll(api, 'front-2');
  await enroll(api, 'front-1');
  await registers.setup.show('Store');
  await registers.setup.show('Registers');
  const front1 = registers.register('front-1');
  const front2 = registers.register('front-2');
  await expect(page.locator('tr[data-register]')).toHaveText([/front-1/, /front-2/]);
  for (const row of [front1, front2]) {
    await expect(row).toContainText('Attached');
    await expect(row).toContainText('Never seen since it was attached');
    // (Yesterday, to a run that crossed the store's midnight since they attached.)
    await expect(row).toContainText(/(Today|Yesterday), \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T\s*by Morgan Manager/);
  }
  await expect(registers.exceptions).toContainText('No exceptions: every forwarded sale was applied as it was made.');
  expect(await axeViolations(page)).toEqual([]);
  await registers.screenshots(testInfo, 'registers-attached');

  // Revoking asks first and says what it means; keeping it changes nothing.
  await front2.getByRole('button', { name: 'Revoke register front-2' }).click();
  await expect(page.getByRole('dialog')).toContainText('will stop syncing with this server');
  await expect(page.getByRole('dialog')).toContainText('it must be attached again');
  await registers.setup.screenshot(testInfo, 'registers-confirm-1366x768');
  await registers.setup.answer('Keep it attached');
  await expect(front2).toContainText('Attached');
  await front2.getByRole('button', { name: 'Revoke register front-2' }).click();
  await registers.setup.answer('Revoke the register');
  await expect(registers.setup.done).toHaveText(
    'Register front-2 is revoked: it no longer syncs with this server. Attach it again to use it.',
  );
  await expect(front2).toContainText('Revoked');
  await expect(front2).toContainText(/Since (Today|Yesterday), \d{1,2}:\d{2}\u00a0[AP]M/);
  await expect(front2.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(front1).toContainText('Attached');
  expect(await axeViolations(page)).toEqual([]);
  await registers.screenshots(testInfo, 'registers-revoked');
});

test('registers: a manager reads the sales forwarded with exceptions in words and opens a renumbered order', async ({
  page,
  service,
  api,
}, testInfo) => {
  const began = storeDay();
  await enroll(api, 'front-1');
  await enroll(api, 'front-2');
  // The order a register numbered 12 while offline, which the server gave its next number.
  const [product] = await api.products('EDIBLE');
  const order = await api.createTicket([{ productId: product!.productId, quantity: 1 }]);
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const seededAt = [minutesAgo(10), minutesAgo(20), minutesAgo(30)];
  await seedForwardExceptions({ dataDir: service.dataDir }, [
    {
      store: 'demo',
      register: 'front-1',
      kind: 'negative_stock',
      detail: `front-1 sold 2 more of ${product!.name} (package 1A4000000000022000000123) than the server had (its stock is now 0): count the package`,
      packageId: product!.productId,
      at: seededAt[2]!,
    },
    {
      store: 'demo',
      register: 'front-2',
      kind: 'number_taken',
      detail: `order 12 of front-2 is order ${order.orderNumber} here: another order of the store has its number`,
      orderId: order.orderId,
      at: seededAt[1]!,
    },
    {
      store: 'demo',
      register: 'front-1',
      kind: 'not_applied',
      detail: 'front-1 sent a kind of change this server does not take (does the register run a newer ServicePay?)',
      at: seededAt[0]!,
    },
  ]);

  const registers = new RegistersPage(page);
  await registers.open(service.url, 'demo', 'manager', DEMO.users.manager);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Newest first: when (the store's time), which register, what happened in words, never a code.
  await expect(registers.exceptions).toContainText("tell the customer their order's new number");
  const rows = registers.exceptionRows;
  await expect(rows).toHaveCount(3);
  // The store's day of each, so a run just after the store's midnight reads "Yesterday" for the older
  // ones (either, to a run that crossed it since the screen was read).
  for (const [i, at] of seededAt.entries()) {
    const days = new Set(storeDaysSince(began).map((today) => (storeDay(at) === today ? 'Today' : 'Yesterday')));
    const when = new RegExp(`^(${[...days].join('|')}), \\d{1,2}:\\d{2}\u00a0[AP]M\u00a0P[SD]T$`);
    await expect(rows.nth(i).locator('td').first()).toHaveText(when);
  }
  await expect(rows.nth(0)).toContainText('front-1');
  await expect(rows.nth(0)).toContainText('Change refused');
  await expect(rows.nth(0)).toContainText('front-1 sent a kind of change this server does not take');
  await expect(rows.nth(1)).toContainText('front-2');
  await expect(rows.nth(1)).toContainText('Order renumbered');
  await expect(rows.nth(1)).toContainText(`Order 12 of front-2 is order ${order.orderNumber} here`);
  await expect(rows.nth(2)).toContainText('Stock below zero');
  await expect(rows.nth(2)).toContainText(`front-1 sold 2 more of ${product!.name}`);
  await expect(registers.exceptions).not.toContainText(/negative_stock|number_taken|not_applied/);
  // Only the renumbered order has one to open.
  await expect(registers.exceptions.getByRole('button', { name: 'Open the order in Orders' })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await registers.screenshots(testInfo, 'registers-exceptions');

  // The order opens in Orders, under the number the customer is now told.
  await rows.nth(1).getByRole('button', { name: 'Open the order in Orders' }).click();
  await expect(page.getByTestId('detail-number')).toHaveText(order.orderNumber);
});
