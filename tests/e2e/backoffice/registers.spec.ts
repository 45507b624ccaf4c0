import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { RegistersPage } from '../pages/registers-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

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
    await expect(row).toContainText(/Today, \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T\s*by Morgan Manager/);
  }
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
  await expect(front2).toContainText(/Since Today, \d{1,2}:\d{2}\u00a0[AP]M/);
  await expect(front2.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await expect(front1).toContainText('Attached');
  expect(await axeViolations(page)).toEqual([]);
  await registers.screenshots(testInfo, 'registers-revoked');
});
