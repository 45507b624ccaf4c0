import { startService, type ServiceProcess } from '../../support/service-process.js';
import { PosPage } from '../pages/pos-page.js';
import { dataFolders } from '../support/attached-store.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// A new register (an empty data folder, as `servicepay-pos --server URL` starts one) attaches to
// its store server from its own POS: a manager signs in there once, then cashiers sign in and sell.
const folders = dataFolders();
const folder = folders.make;
test.afterAll(() => folders.removeAll());

test('a new register is attached from its POS by a manager, then a cashier signs in and finds the catalog', async ({
  page,
}, testInfo) => {
  const server: ServiceProcess = await startService(['--data', folder('server'), '--demo', '--log-level', 'warn']);
  const register = await startService(['--data', folder('register'), '--log-level', 'warn']);
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${register.url}/pos/?terminal=front-2&server=${encodeURIComponent(server.url)}`);
    await expect(page.getByRole('heading', { name: 'Attach register front-2' })).toBeVisible();
    await expect(page.getByLabel('Store server address')).toHaveValue(server.url);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Store (its short name on the server)').fill('demo');
    await page.getByLabel("Manager's username").fill('manager');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Attach this register' }).click();
    // Refused in words; nothing attached.
    await expect(page.getByRole('alert')).toHaveText('The store server refused: username or password is wrong.');
    await page.setViewportSize({ width: 1024, height: 768 });
    await keep(page, testInfo, 'attach-refused-1024');

    await page.getByLabel('Password').fill('manager-demo-1');
    await page.getByRole('button', { name: 'Attach this register' }).click();
    // Attached: the sign-in screen, then the store's catalog, from the register's own replica.
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const pos = new PosPage(page);
    await pos.login();
    await pos.search.fill('dogwalkers');
    await expect(page.getByText('Mini Dogwalkers 5-Pack').first()).toBeVisible();
    // The server lists the register, attached by the manager.
    const token = await signInAt(server.url);
    const listed = await fetch(`${server.url}/v2.0/dispensary/demo/setup/registers`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { registers } = (await listed.json()) as { registers: { name: string; enrolledBy: string }[] };
    expect(registers).toContainEqual(expect.objectContaining({ name: 'front-2', enrolledBy: 'Morgan Manager' }));
  } finally {
    await register.stop();
    await server.stop();
  }
});

async function keep(
  page: import('@playwright/test').Page,
  testInfo: import('@playwright/test').TestInfo,
  name: string,
) {
  await new PosPage(page).screenshot(testInfo, name);
}

async function signInAt(url: string): Promise<string> {
  const response = await fetch(`${url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username: 'manager', password: 'manager-demo-1' })).toString('base64'),
  });
  return ((await response.json()) as { token: string }).token;
}
