import { expect, type ConsoleMessage, type Page } from '@playwright/test';
import type { InitOptions, PaymentResponse } from '../../../renderer/sdk/types/servicepay.js';
import type { HostServer } from '../support/host-server.js';

/** How the host page is made. */
export interface HostPageOptions {
  /** Tokens authTokenFactory hands out, in order (the last one is repeated). */
  tokens: string[];
  entityId: string;
  /** Init options beside element, authTokenFactory, getEntityId and onReady (JSON); null: no init at load. */
  init?: Record<string, unknown> | null;
  /** The page's declared character set. */
  charset?: string;
  /** The instance name (the script tag's id). */
  instance?: string;
}

/**
 * An integrator's checkout page on another origin than the service: the queue stub and async script
 * tag of the SDK guide, a cart element, and recorders of what the SDK hands back (responses, onReady,
 * token requests). Console errors and uncaught page errors are kept so a test can assert that
 * nothing ever throws into the host page.
 */
export class SdkHostPage {
  readonly consoleErrors: string[] = [];
  readonly pageErrors: string[] = [];

  constructor(
    readonly page: Page,
    readonly serviceUrl: string,
    private readonly server: HostServer,
  ) {
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  /** The integrator's origin: another port than the service's. */
  get origin(): string {
    return this.server.origin;
  }

  /** Serves the page at `path` on the host origin and opens it (until its load event, unless told). */
  async open(
    options: HostPageOptions,
    path = '/checkout',
    waitUntil: 'load' | 'domcontentloaded' = 'load',
  ): Promise<void> {
    const url = this.server.serve(path, this.html(options), `text/html; charset=${options.charset ?? 'utf-8'}`);
    await this.page.goto(url, { waitUntil });
  }

  /** Opens the page with init at load and waits for onReady. */
  async ready(login: { token: string; entityId: string }, init: Record<string, unknown> = {}): Promise<void> {
    await this.open({ tokens: [login.token], entityId: login.entityId, init });
    await expect.poll(() => this.readyCount()).toBe(1);
  }

  /** `_servicepay('init', …)` with the page's functions and these JSON options. */
  async init(options: Record<string, unknown> = {}): Promise<void> {
    await this.page.evaluate((extra) => window._servicepay('init', window.__host.initOptions(extra)), options);
  }

  /** Sends a payment event whose handlePaymentResponse records every envelope. */
  async pay(event: Record<string, unknown>): Promise<void> {
    await this.page.evaluate((fields) => window.__host.pay(fields), event);
  }

  /** Any other command, as the page would call it. */
  async command(...args: unknown[]): Promise<void> {
    await this.page.evaluate((list) => (window._servicepay as (...a: unknown[]) => void)(...list), args);
  }

  /** Leaves the payment page of a single-page app: the teardown of spec 4.3. */
  async teardown(): Promise<void> {
    await this.page.evaluate(() => window.__host.teardown());
  }

  /** Comes back: the stub and the script tag again (init follows separately). */
  async loadAgain(): Promise<void> {
    await this.page.evaluate(() => window.__host.loadSdk());
  }

  responses(): Promise<PaymentResponse[]> {
    return this.page.evaluate(() => window.__host.responses);
  }

  eventTypes(): Promise<string[]> {
    return this.page.evaluate(() => window.__host.responses.map((response) => response.eventType));
  }

  readyCount(): Promise<number> {
    return this.page.evaluate(() => window.__host.ready);
  }

  tokenCalls(): Promise<number> {
    return this.page.evaluate(() => window.__host.tokenCalls);
  }

  private html(options: HostPageOptions): string {
    const instance = options.instance ?? '_servicepay';
    const src = `${this.serviceUrl}/sdk/servicepay.js`;
    const init =
      options.init === null ? '' : `${instance}('init', __host.initOptions(${JSON.stringify(options.init ?? {})}));`;
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="${options.charset ?? 'UTF-8'}">
<title>Green Valley checkout</title>
<link rel="icon" href="data:,">
<link rel="preload" as="script" href="${src}">
<script>
  function loadSdk() {
    (function (w, d, name, src) {
      w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
      var s = d.createElement('script'); s.id = name; s.async = true; s.src = src; d.head.appendChild(s);
    })(window, document, ${JSON.stringify(instance)}, ${JSON.stringify(src)});
  }
  loadSdk();
  window.__host = {
    loadSdk: loadSdk,
    // The single-page-app teardown of spec 4.3, as the SDK guide tells integrators to do it.
    teardown: function () {
      var name = ${JSON.stringify(instance)};
      var widget = document.getElementById('widget-' + name);
      if (widget) widget.remove();
      var script = document.getElementById(name);
      if (script) script.remove();
      delete window['loaded-' + name];
      delete window[name];
    },
    responses: [], ready: 0, tokenCalls: 0, tokens: ${JSON.stringify(options.tokens)},
    initOptions: function (extra) {
      return Object.assign({
        element: document.getElementById('checkout'),
        authTokenFactory: function () {
          __host.tokenCalls++;
          return Promise.resolve(__host.tokens.length > 1 ? __host.tokens.shift() : __host.tokens[0]);
        },
        getEntityId: function () { return Promise.resolve(${JSON.stringify(options.entityId)}); },
        onReady: function () { __host.ready++; }
      }, extra);
    },
    pay: function (fields) {
      window[${JSON.stringify(instance)}]('event', 'payment', Object.assign({
        handlePaymentResponse: function (response) { __host.responses.push(response); return Promise.resolve(); }
      }, fields));
    }
  };
</script>
</head>
<body>
  <main><h1>Checkout</h1><section id="cart"><h2>Cart</h2><button id="add-item" type="button">Add an item</button></section><div id="checkout"></div><aside id="promo"></aside></main>
  <script>${init}</script>
</body>
</html>`;
  }
}

declare global {
  interface Window {
    __host: {
      responses: PaymentResponse[];
      ready: number;
      tokenCalls: number;
      tokens: string[];
      initOptions(extra: Record<string, unknown>): InitOptions;
      pay(fields: Record<string, unknown>): void;
      loadSdk(): void;
      teardown(): void;
    };
  }
}
