import type { StoreSettings } from '../../../shared/contracts/setup.js';

/** The demo logins and API client seeded by `--demo` (see the README). */
export const DEMO = {
  application: 'servicepay-demo',
  client: { client_id: 'spc_demo', client_secret: 'sps_demo_secret_change_me' },
  users: {
    admin: 'admin-demo-1',
    manager: 'manager-demo-1',
    cashier: 'cashier-demo-1',
    display: 'display-demo-1',
  },
} as const;

export type DemoUser = keyof typeof DEMO.users;

/** A product of the demo catalog as the catalog API lists it. */
export interface CatalogProduct {
  productId: string;
  name: string;
  type: string;
  deli: boolean;
  /** What the shelf holds; `quantityAvailable` is that less what open orders have reserved. */
  quantityOnHand: number;
  quantityAvailable: number;
  priceSell: string;
  /** The label of the package it sells from (a picker scans it); empty for an item with no label. */
  packageLabel: string;
  /** Its barcodes, comma-separated (a picker scans one of an item with no package label). */
  barcodes: string;
}

/** A ticket's line as the ticket API answers it: what the journeys read of it. */
export interface TicketLine {
  lineIndex: number;
  productId: string;
  name: string;
  /** The package it is taken from (its label is what the picker scans). */
  packageLabel: string;
  quantity: number;
  deli: boolean;
}

/** The HTTP API of the service, called from the test process as an integrator's backend would. */
export class ServiceApi {
  private readonly tokens = new Map<DemoUser, string>();

  constructor(readonly baseUrl: string) {}

  /** A bearer token of a demo user, from `POST /auth-v2/login` (cached per user). */
  async token(user: DemoUser = 'cashier'): Promise<string> {
    const cached = this.tokens.get(user);
    if (cached) return cached;
    const answer = await this.login(user);
    this.tokens.set(user, answer.token);
    return answer.token;
  }

  /** The demo organization's id (a payment session's `entityId`), as the admin's login says it. */
  async organizationId(): Promise<string> {
    return (await this.login('admin')).user.organizationId;
  }

  private login(user: DemoUser): Promise<{ token: string; user: { organizationId: string } }> {
    const body = Buffer.from(JSON.stringify({ username: user, password: DEMO.users[user] })).toString('base64');
    return this.call('POST', '/auth-v2/login', body, {
      'x-application': DEMO.application,
      'content-type': 'text/plain',
    });
  }

  /** A store's settings as the set-up API answers them to the demo administrator. */
  async storeSettings(shortName: string): Promise<StoreSettings> {
    const { store } = await this.call<{ store: StoreSettings }>(
      'GET',
      `/v2.0/dispensary/${shortName}/setup/store`,
      undefined,
      { authorization: `Bearer ${await this.token('admin')}` },
    );
    return store;
  }

  /** Changes a store's settings as its manager would in the back office (`PUT …/setup/store`). */
  async changeStore(shortName: string, changes: Partial<StoreSettings>): Promise<StoreSettings> {
    const { store } = await this.call<{ store: StoreSettings }>(
      'PUT',
      `/v2.0/dispensary/${shortName}/setup/store`,
      JSON.stringify(changes),
      { authorization: `Bearer ${await this.token('manager')}`, 'content-type': 'application/json' },
    );
    return store;
  }

  /** Demo products in stock, optionally of one catalog type. */
  async products(type?: string, limit = 20): Promise<CatalogProduct[]> {
    return (await this.catalog(type, limit)).filter((item) => item.quantityAvailable > 0);
  }

  /** The demo catalog's first `limit` products, in stock or not, optionally of one catalog type. */
  async catalog(type?: string, limit = 20): Promise<CatalogProduct[]> {
    const query = new URLSearchParams({ limit: String(limit), ...(type ? { type } : {}) });
    const page = await this.call<{ items: CatalogProduct[] }>(
      'GET',
      `/v2.0/dispensary/demo/catalog?${query}`,
      undefined,
      {
        authorization: `Bearer ${await this.token()}`,
      },
    );
    return page.items;
  }

  /** Creates a ticket through the ticket API (spec 4.1) with the demo client and a user's token. */
  async createTicket(
    items: { productId: string; quantity: number }[],
    user: DemoUser = 'cashier',
  ): Promise<{ orderId: string; orderNumber: string; total: string; status: string }> {
    return this.call('POST', '/v2.0/dispensary/demo/ecommerce/ticket', JSON.stringify({ type: 'PICKUP', items }), {
      ...DEMO.client,
      authorization: `Bearer ${await this.token(user)}`,
      'content-type': 'application/json',
    });
  }

  /** Reads a ticket back by its order number. */
  async ticketByNumber(orderNumber: string): Promise<{
    orderId: string;
    orderNumber: string;
    status: string;
    paymentStatus: string;
    total: string;
    items: TicketLine[];
  }> {
    return this.call('GET', `/v2.0/dispensary/demo/ecommerce/ticket/by-number/${orderNumber}`, undefined, {
      ...DEMO.client,
      authorization: `Bearer ${await this.token()}`,
    });
  }

  /**
   * The simulated PIN pad reads the card of the payment of order `orderNumber` waiting on it, now
   * (the sandbox's tap): a test decides when the wait ends instead of racing the PIN pad's delay.
   */
  async presentCard(orderNumber: string): Promise<void> {
    const headers = { authorization: `Bearer ${await this.token('manager')}` };
    const query = new URLSearchParams({
      dispensaryShortName: 'demo',
      ticketAlphaNumId: orderNumber,
      status: 'pending',
    });
    const { payments } = await this.call<{ payments: { id: string }[] }>(
      'GET',
      `/v2.0/payments?${query}`,
      undefined,
      headers,
    );
    if (payments.length !== 1) throw new Error(`order ${orderNumber} has ${payments.length} pending payments, not one`);
    await this.call('POST', `/v2.0/payments/${payments[0]!.id}/present-card`, undefined, headers);
  }

  /** A call of the demo store's set-up API (`/v2.0/dispensary/demo/setup<path>`) as a demo user, JSON both ways. */
  async setup<T>(method: string, path: string, body?: object, user: DemoUser = 'manager'): Promise<T> {
    const headers = { authorization: `Bearer ${await this.token(user)}`, 'content-type': 'application/json' };
    return this.call(method, `/v2.0/dispensary/demo/setup${path}`, body && JSON.stringify(body), headers);
  }

  async call<T>(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, { method, body, headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }
}
