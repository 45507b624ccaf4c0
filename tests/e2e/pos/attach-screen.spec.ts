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

test('a register attached under the name of one whose drawer is still open at the server says so before sign-in', async ({
  page,
}, testInfo) => {
  const server: ServiceProcess = await startService(['--data', folder('server-open'), '--demo', '--log-level', 'warn']);
  const register = await startService(['--data', folder('register-open'), '--log-level', 'warn']);
  try {
    // Register front-3's drawer is open at the server, with a $100.00 float (its machine since replaced).
    const cashier = await signInAt(server.url, 'cashier', 'cashier-demo-1', 'front-3');
    const opened = await fetch(`${server.url}/v2.0/dispensary/demo/drawers/front-3/open`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cashier}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10000 }),
    });
    expect(opened.status, await opened.text()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${register.url}/pos/?terminal=front-3&server=${encodeURIComponent(server.url)}`);
    await page.getByLabel('Store (its short name on the server)').fill('demo');
    await page.getByLabel("Manager's username").fill('manager');
    await page.getByLabel('Password').fill('manager-demo-1');
    await page.getByRole('button', { name: 'Attach this register' }).click();
    // Attached, and told what is left to do before its drawer is opened, in words; sign-in waits.
    await expect(page.getByRole('heading', { name: 'Register attached' })).toBeVisible();
    const notice = page.getByTestId('attach-notice');
    await expect(notice).toContainText("Register front-3's drawer shift is still open at the store server: opened by");
    await expect(notice).toContainText('with a $100.00 float');
    await expect(notice).toContainText('count that drawer and close the shift in Drawers');
    await expect(page.getByText('Register front-3 now sells for Green Valley Dispensary.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await keep(page, testInfo, 'attach-notice-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('button', { name: 'Go on to sign in' })).toBeInViewport();
    await keep(page, testInfo, 'attach-notice-1024');
    await page.getByRole('button', { name: 'Go on to sign in' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
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

async function signInAt(url: string, username = 'manager', password = 'manager-demo-1', terminal?: string) {
  const response = await fetch(`${url}/auth-v2/login`, {
    method: 'POST',
    headers: {
      'x-application': 'servicepay-demo',
      'content-type': 'text/plain',
      ...(terminal ? { 'x-terminal-id': terminal } : {}),
    },
    body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  return ((await response.json()) as { token: string }).token;
}
