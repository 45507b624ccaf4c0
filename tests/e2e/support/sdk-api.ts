import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { DEMO, type DemoUser, type ServiceApi } from './service-api.js';

/** A demo user's bearer token and the MSO entity (organization) it belongs to: what an SDK init needs. */
export interface SdkLogin {
  token: string;
  entityId: string;
}

/** A ticket made through the ticket API, with its total in cents. */
export interface Ticket {
  orderId: string;
  orderNumber: string;
  total: number;
  status: string;
}

/**
 * What the SDK tests ask of the service beside the browser: fresh logins (each test may revoke or
 * expire its own), tickets through the ticket API, and the payments recorded server-side.
 */
export class SdkApi {
  constructor(private readonly api: ServiceApi) {}

  /** A new login of a demo user (not cached: a test may spend it). */
  async login(user: DemoUser = 'manager'): Promise<SdkLogin> {
    const body = Buffer.from(JSON.stringify({ username: user, password: DEMO.users[user] })).toString('base64');
    const answer = await this.api.call<{ token: string; user: { organizationId: string } }>(
      'POST',
      '/auth-v2/login',
      body,
      {
        'x-application': DEMO.application,
        'content-type': 'text/plain',
      },
    );
    return { token: answer.token, entityId: answer.user.organizationId };
  }

  /** A ticket of one in-stock, counted product (quantity 1 unless told), created through the ticket API. */
  async ticket(quantity = 1, offset = 0): Promise<Ticket> {
    const products = (await this.api.products('EDIBLE', 40)).filter((product) => !product.deli);
    const product = products[offset % products.length]!;
    const ticket = await this.api.createTicket([{ productId: product.productId, quantity }]);
    return { ...ticket, total: Math.round(Number(ticket.total) * 100) };
  }

  /** The ticket as the ticket API reads it back now. */
  async ticketStatus(orderNumber: string): Promise<string> {
    return (await this.api.ticketByNumber(orderNumber)).status;
  }

  /** The simulated PIN pad reads the card of the order's payment waiting on it, now. */
  presentCard(orderNumber: string): Promise<void> {
    return this.api.presentCard(orderNumber);
  }

  /** The payments the service recorded for an order number, newest first. */
  async payments(ticketAlphaNumId: string): Promise<PaymentRecord[]> {
    const query = new URLSearchParams({ dispensaryShortName: 'demo', ticketAlphaNumId });
    const answer = await this.api.call<{ payments: PaymentRecord[] }>('GET', `/v2.0/payments?${query}`, undefined, {
      authorization: `Bearer ${await this.api.token('manager')}`,
    });
    return answer.payments;
  }
}

/** An amount below `total` whose cents pick a sandbox outcome (docs/payments.md): 51 declines, 96 errors… */
export function amountWithCents(total: number, cents: number): number {
  const dollars = Math.floor(total / 100) - 1;
  if (dollars < 0) throw new Error(`a ticket of ${total} cents is too small for a ${cents}-cent amount below it`);
  return dollars * 100 + cents;
}
