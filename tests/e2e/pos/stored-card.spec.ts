import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliWithInput, freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// A store whose cards go through a payment gateway reached over the network (paynet, hosted by the
// store server itself): with the server's plug pulled, the card processor does not answer either.
// The register stores the credit card sale for later and tells the cashier which card it stored.
const folders: string[] = [];
test.afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `servicepay-e2e-${name}-`));
  folders.push(dir);
  return dir;
};

/** Sets the demo store's cards up through paynet, as its administrator does in the back office. */
async function cardsThroughGateway(server: ServiceProcess): Promise<void> {
  const login = await fetch(`${server.url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username: 'admin', password: 'admin-demo-1' })).toString('base64'),
  });
  const { token } = (await login.json()) as { token: string };
  const setup = async (path: string, body: object, method = 'POST') => {
    const response = await fetch(`${server.url}/v2.0/dispensary/demo/setup/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.text()).toBe(200);
  };
  const gatewayUrl = `${server.url}/paynet-sandbox/v1`;
  await setup('processors', {
    name: 'paynet-store',
    kind: 'paynet',
    isDefault: true,
    merchantId: 'm-store',
    apiKey: 'sk_test_store',
    gatewayUrl,
  });
  await setup('payment-methods', { processorName: 'paynet-store', method: 'Credit', enabled: true }, 'PUT');
  await setup('pin-pads', { name: 'Front counter', processorName: 'paynet-store', model: 'A920', serialNumber: 'S1' });
}

test('offline with the card processor out of reach: a credit sale is stored, and the cashier is told which card', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const serverDir = folder('server');
  const server = await startService(['--data', serverDir, '--demo', '--log-level', 'warn'], { port: await freePort() });
  const registerDir = folder('register');
  let register: ServiceProcess | undefined;
  try {
    await cardsThroughGateway(server);
    cliWithInput(
      registerDir,
      'manager-demo-1',
      'attach',
      '--server',
      server.url,
      '--dispensary',
      'demo',
      '--name',
      'front-1',
      '--username',
      'manager',
      '--password-stdin',
    );
    register = await startService(['--data', registerDir, '--log-level', 'warn', '--pinpad-delay-ms', '300']);
    const pos = new PosPage(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await pos.open(register.url);
    await pos.login();
    await pos.openDrawer();

    await server.stop();
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 2_000 });
    await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
    const total = await pos.settled();
    const orderNumber = await pos.payHere();
    await pos.widget.method('Credit card').click();
    await pos.expectSold(orderNumber);
    const note = page.getByTestId('stored-card');
    await expect(note).toHaveText(
      new RegExp(
        `^Visa ••\\d{4}, \\$${total.slice(1).replace('.', '\\.')}: stored for later, because the card processor does not answer\\. ` +
          'The sale is complete; the payment is sent when the processor answers, and a decline then is the store’s to collect\\.$',
      ),
    );
    expect(await axeViolations(page)).toEqual([]);
    await pos.screenshot(testInfo, 'stored-card-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(note).toBeVisible();
    await pos.screenshot(testInfo, 'stored-card-1024');
  } finally {
    await register?.stop();
    await server.stop();
  }
});
