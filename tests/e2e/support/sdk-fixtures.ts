import { PaymentWidget } from '../pages/payment-widget.js';
import { SdkHostPage } from '../pages/sdk-host-page.js';
import { test as base, type ServiceOptions } from './fixtures.js';
import { SdkApi } from './sdk-api.js';

/**
 * The SDK files' service: a short PIN-pad delay, and a reconcile delay of 1.5 s. The reconcile delay
 * is how long "Confirming the payment…" shows after a processor timeout. The test notes headings as
 * the page changes (PaymentWidget.noteHeadings), so it sees the screen however short; polling for it
 * missed 300 ms, and once even 1.5 s, on a busy machine.
 */
export const SDK_SERVICE: ServiceOptions = {
  args: ['--pinpad-delay-ms', '300', '--reconcile-delay-ms', '1500'],
  env: {},
};

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
 * Every test ends by checking that nothing was thrown into the host page. Test fixtures only, so
 * the SDK's files share the other files' workers (the integrator's server, `hostServer`, is a worker
 * fixture of ./fixtures.ts).
 */
export const test = base.extend<SdkFixtures>({
  serviceOptions: SDK_SERVICE,
  sdk: async ({ api }, use) => use(new SdkApi(api)),
  host: async ({ page, service, hostServer }, use) => {
    const host = new SdkHostPage(page, service.url, hostServer);
    await use(host);
    if (host.pageErrors.length) throw new Error(`the host page saw uncaught errors: ${host.pageErrors.join('; ')}`);
  },
  widget: async ({ page }, use) => use(new PaymentWidget(page)),
});

export { expect } from './fixtures.js';
