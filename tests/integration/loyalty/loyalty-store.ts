import { expect } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { CustomerLoyalty, LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { cents, DEMO_CLIENT, login, type DemoService } from '../support/demo-service.js';

/** The demo store's routes. */
export const STORE = '/v2.0/dispensary/demo';

/** A staff session's headers. */
export const as = (token: string) => ({ ...DEMO_CLIENT, authorization: `Bearer ${token}` });

/**
 * The demo store running `programme`, with a cashier at register front-1 (its drawer open) and a
 * manager signed in, and the steps the loyalty tests take with them.
 */
export async function loyaltyStore(service: DemoService, programme: Partial<LoyaltyProgramme>) {
  const register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  shiftOf(await drawer(service, register, 'front-1', 'open', { amount: 20000 }));
  const set = await service.request({
    method: 'PUT',
    url: `${STORE}/setup/store`,
    headers: as(manager),
    payload: { loyalty: programme },
  });
  expect(set.statusCode, set.body).toBe(200);
  let idNumber = 0;

  /** A new adult-use customer of the store, their ID's number unique to them. */
  const newCustomer = async (firstName: string, lastName: string, idStart: number): Promise<Customer> => {
    idNumber += 1;
    const added = await service.request({
      method: 'POST',
      url: `${STORE}/customers`,
      headers: service.headers,
      payload: {
        firstName,
        lastName,
        dateOfBirth: '1990-01-15',
        idType: 'drivers_licence',
        idNumber: `D${idStart + idNumber}`,
        idJurisdiction: 'CA',
        idExpiry: '2035-01-15',
        customerType: 'adult_use',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<{ customer: Customer }>().customer;
  };

  /** The ticket paid in full in cash at the register. */
  const payCash = async (ticket: Ticket): Promise<PaymentRecord> => {
    const total = cents(ticket.total);
    const opened = await session(service, register, { ticketAlphaNumId: ticket.orderNumber, originalAmount: total });
    const paid = await pay(service, register, opened.sessionId, {
      paymentMethod: 'Cash',
      amount: total,
      tenderedAmount: total,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json<{ payment: PaymentRecord }>().payment;
  };

  /** The customer's points as `token` reads them (the register's by default). */
  const loyaltyOf = async (customerId: string, token = register): Promise<CustomerLoyalty> => {
    const answer = await service.request({
      method: 'GET',
      url: `${STORE}/customers/${customerId}/loyalty`,
      headers: as(token),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ loyalty: CustomerLoyalty }>().loyalty;
  };

  /** The manager voids or refunds the payment (in full, or `amount` cents of it). */
  const money = (paymentId: string, action: 'void' | 'refund', amount?: number) =>
    service.request({
      method: 'POST',
      url: `/v2.0/payments/${paymentId}/${action}`,
      headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Returned', ...(amount === undefined ? {} : { amount }) }),
    });

  /**
   * What the order's refunds (and a cancel) moved so far of the customer's points, as the ledger
   * holds them: taken back (reversed), given back (returned), and of those taken back the ones
   * that had expired (`expired` entries above 0: not taken again).
   */
  const undone = async (customerId: string, orderId: string) => {
    const { entries } = await loyaltyOf(customerId);
    const mine = entries.filter((entry) => entry.orderId === orderId);
    const sum = (kind: string) => mine.filter((entry) => entry.kind === kind).reduce((s, e) => s + e.points, 0);
    // 0 - …: none taken back is 0, not -0 (which toEqual tells apart).
    return { takenBack: 0 - sum('reversed'), givenBack: sum('returned'), expired: sum('expired') };
  };

  return { register, manager, set, newCustomer, payCash, loyaltyOf, money, undone };
}
