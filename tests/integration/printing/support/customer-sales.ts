import { expect } from 'vitest';
import type { Customer } from '../../../../shared/contracts/customers.js';
import type { Ticket } from '../../../../shared/contracts/ticket.js';
import { cents, DEMO_CLIENT, type DemoService } from '../../support/demo-service.js';
import { pay, session } from '../../payments/support/payment-fixtures.js';

// Sales to the demo store's customers, for the receipt tests: a customer added, a ticket naming them, paid in cash.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Adds an adult-use customer born in 1990 with the CA ID `idNumber` (`extra` over it), as `token`. */
export async function addCustomer(
  service: DemoService,
  token: string,
  idNumber: string,
  extra: object = {},
): Promise<Customer> {
  const added = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/customers',
    headers: bearer(token),
    payload: {
      firstName: 'Maria',
      lastName: 'Garcia',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber,
      idJurisdiction: 'CA',
      idExpiry: '2030-01-15',
      customerType: 'adult_use',
      ...extra,
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: Customer }>().customer;
}

/** A ticket of `items` (naming `customerId` when given) made and paid in cash, exactly, by `token`. */
export async function paidCashSale(
  service: DemoService,
  token: string,
  items: { productId: string; quantity: number }[],
  customerId?: string,
): Promise<Ticket> {
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: { ...DEMO_CLIENT, ...bearer(token) },
    payload: { type: 'PICKUP', items, ...(customerId && { customerId }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ticket = created.json<Ticket>();
  const total = cents(ticket.total);
  const opened = await session(service, token, { ticketAlphaNumId: ticket.orderNumber, originalAmount: total });
  const paid = await pay(service, token, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
  expect(paid.statusCode, paid.body).toBe(201);
  return ticket;
}
