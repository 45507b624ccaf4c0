import type { PartnerTokens } from './partner-tokens.js';
import { ServiceError } from './service-error.js';
import {
  toOrder,
  toQuote,
  type CartItem,
  type Order,
  type OrderLine,
  type Quote,
  type Ticket,
  type TicketQuote,
} from './ticket-shapes.js';

/**
 * The integrator's backend talking to ServicePay, server to server, as the partner (its own
 * `integration` token: the catalog, the store's customers, tickets with the client credentials).
 * The browser gets a `shopper` token only, for authTokenFactory; the client credentials and the
 * partner key never leave this process.
 */

/** Where ServicePay is and who this integration is. */
export interface ServiceSettings {
  serviceUrl: string;
  dispensary: string;
  /** The partner's organization: the MSO entity id the SDK asks for (getEntityId). */
  organizationId: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Who picks the order up, as the checkout asks them: their name, date of birth and driver's licence.
 * Where the store enforces a state's rules, an order with cannabis names a customer whose ID the
 * store checks (at ordering, and at the counter against the licence itself).
 */
export interface Shopper {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  idNumber: string;
  /** The issuing state, "CA". */
  idJurisdiction: string;
  /** YYYY-MM-DD. */
  idExpiry: string;
}

/** A customer as the store's customers API answers one (the fields this example uses). */
interface StoreCustomer {
  id: string;
  idNumber: string;
  idJurisdiction: string;
}

export class ServiceClient {
  constructor(
    private readonly settings: ServiceSettings,
    private readonly tokens: PartnerTokens,
  ) {}

  /** The token for the shopper's browser (authTokenFactory): it pays, and reads nothing of the store's. */
  shopperToken(): Promise<string> {
    return this.tokens.token('shopper');
  }

  /** The MSO entity id for getEntityId: the partner's organization. */
  get entityId(): string {
    return this.settings.organizationId;
  }

  /** The store whose orders the shop places and pays (init's dispensaryShortName). */
  get dispensary(): string {
    return this.settings.dispensary;
  }

  /** The store's name once read (`storeName`): a page that pays asks for it, the service once. */
  private named: string | null = null;

  /**
   * The store's name (`GET /v2.0/dispensary/<short>`, read once and kept): init's `entityName`, so the
   * widget tells the shopper they pay the store they pick the order up at, not its owner. Null when
   * it cannot be read (asked again by the next page): the page still loads, and says why it cannot
   * pay if it cannot.
   */
  async storeName(): Promise<string | null> {
    if (this.named !== null) return this.named;
    try {
      const store = await this.call<{ dispensary: { name: string } }>('GET', `/v2.0/dispensary/${this.dispensary}`);
      this.named = store.dispensary.name;
      return this.named;
    } catch {
      return null;
    }
  }

  /**
   * What the shop sells: the dispensary's edibles in stock, counted by the unit (up to ten), the
   * first two in the cart once each. The shopper changes the quantities at the checkout.
   */
  async cart(): Promise<CartItem[]> {
    const page = await this.call<{
      items: { productId: string; name: string; priceSell: string; quantityAvailable: number; deli: boolean }[];
    }>('GET', `/v2.0/dispensary/${this.settings.dispensary}/catalog?type=EDIBLE&limit=10`);
    return page.items
      .filter((item) => item.quantityAvailable > 0 && !item.deli)
      .map(({ productId, name, priceSell, quantityAvailable }, index) => ({
        productId,
        name,
        price: Math.round(Number(priceSell) * 100),
        available: quantityAvailable,
        quantity: index < 2 ? 1 : 0,
      }));
  }

  /**
   * What an order of `items` would come to, priced by the service (`POST …/ticket/quote`, the same
   * body as creating it) without storing it or holding any stock: the total the shopper sees
   * before placing the order.
   */
  async quote(items: OrderLine[]): Promise<Quote> {
    const quote = await this.call<TicketQuote>(
      'POST',
      `/v2.0/dispensary/${this.settings.dispensary}/ecommerce/ticket/quote`,
      { type: 'PICKUP', items },
      this.clientHeaders(),
    );
    // A line the store cannot fill at all is not in the quote's items: the catalog names it.
    const unnamed = quote.unavailableItems.some(
      (line) => !quote.items.some((item) => item.productId === line.productId),
    );
    const names = new Map(unnamed ? (await this.cart()).map((item) => [item.productId, item.name]) : []);
    return toQuote(quote, names);
  }

  /**
   * Creates the ticket (spec 4.1) with the client credentials, for the store's customer `customerId`
   * when the shopper said who they are; `cartId` makes a retry safe.
   */
  async createOrder(items: OrderLine[], cartId: string, customerId?: string): Promise<Order> {
    const ticket = await this.call<Ticket>(
      'POST',
      `/v2.0/dispensary/${this.settings.dispensary}/ecommerce/ticket`,
      { type: 'PICKUP', items, ...(customerId ? { customerId } : {}) },
      { ...this.clientHeaders(), 'idempotency-key': cartId },
    );
    return toOrder(ticket);
  }

  /**
   * The store's customer for the shopper (README "Customers"): the one on file with their licence
   * (same issuer, same number without spaces, dots and dashes), or added now as adult-use.
   */
  async customerFor(shopper: Shopper): Promise<string> {
    const customers = `/v2.0/dispensary/${this.settings.dispensary}/customers`;
    const number = shopper.idNumber.replace(/[\s.-]/g, '').toUpperCase();
    const issuer = shopper.idJurisdiction.trim().toUpperCase();
    const query = new URLSearchParams({ q: number, limit: '50' });
    const found = await this.call<{ customers: StoreCustomer[] }>('GET', `${customers}?${query}`);
    const onFile = found.customers.find((one) => one.idNumber === number && one.idJurisdiction === issuer);
    if (onFile) return onFile.id;
    const added = await this.call<{ customer: StoreCustomer }>('POST', customers, {
      ...shopper,
      idType: 'drivers_licence',
      customerType: 'adult_use',
    });
    return added.customer.id;
  }

  /** The order as the ticket API reads it now. */
  async readOrder(orderNumber: string): Promise<Order> {
    const path = `/v2.0/dispensary/${this.settings.dispensary}/ecommerce/ticket/by-number/${encodeURIComponent(orderNumber)}`;
    return toOrder(await this.call<Ticket>('GET', path, undefined, this.clientHeaders()));
  }

  private clientHeaders(): Record<string, string> {
    return { client_id: this.settings.clientId, client_secret: this.settings.clientSecret };
  }

  /** A call as the partner's server (its `integration` token), JSON both ways. */
  private async call<T>(method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
    const all: Record<string, string> = {
      ...headers,
      authorization: `Bearer ${await this.tokens.token('integration')}`,
    };
    if (body !== undefined) all['content-type'] = 'application/json';
    const response = await fetch(`${this.settings.serviceUrl}${path}`, {
      method,
      headers: all,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new ServiceError(response.status, text);
    return JSON.parse(text) as T;
  }
}
