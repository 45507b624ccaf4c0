import { PaymentWidget } from '../pages/payment-widget.js';
import { SdkHostPage } from '../pages/sdk-host-page.js';
import { test as base } from './fixtures.js';
import { HostServer } from './host-server.js';
import { SdkApi } from './sdk-api.js';

interface SdkWorkerFixtures {
  /** The integrator's web server (another origin than the service's). */
  hostServer: HostServer;
}

interface SdkFixtures {
  /** Logins, tickets and recorded payments, from the test process. */
  sdk: SdkApi;
  /** The integrator's page on its own origin. */
  host: SdkHostPage;
  /** The widget iframe inside it. */
  widget: PaymentWidget;
}

/**
 * The SDK's browser tests: the worker's real service with a short PIN-pad delay and a reconcile
 * delay of 1.5 s (so no test waits long), an integrator page on another origin, and its widget.
 * Every test ends by checking that nothing was thrown into the host page.
 */
export const test = base.extend<SdkFixtures, SdkWorkerFixtures>({
  // The reconcile delay is how long "Confirming the payment…" shows after a processor timeout. The
  // test notes headings as the page changes (PaymentWidget.noteHeadings), so it sees the screen
  // however short; polling for it missed 300 ms, and once even 1.5 s, on a busy machine.
  serviceOptions: [
    { args: ['--pinpad-delay-ms', '300', '--reconcile-delay-ms', '1500'], env: {} },
    { scope: 'worker' },
  ],
  hostServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
    async ({}, use) => {
      const server = await HostServer.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  sdk: async ({ api }, use) => use(new SdkApi(api)),
  host: async ({ page, service, hostServer }, use) => {
    const host = new SdkHostPage(page, service.url, hostServer);
    await use(host);
    if (host.pageErrors.length) throw new Error(`the host page saw uncaught errors: ${host.pageErrors.join('; ')}`);
  },
  widget: async ({ page }, use) => use(new PaymentWidget(page)),
});

export { expect } from './fixtures.js';
