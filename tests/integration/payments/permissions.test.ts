import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../../electron/server/auth/passwords.js';
import { UsersRepository } from '../../../electron/server/auth/users-repository.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { login } from '../support/demo-service.js';
import {
  createTicket,
  DEMO,
  GOOD_CARD,
  openSession,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let integration: string;
let outsider: string;
let outsiderOrg: string;
let demoSessionId: string;
let demoPaymentId: string;

beforeAll(async () => {
  // The PIN pad waits ten minutes: no card is presented here, so a cancel always finds it waiting.
  service = await paymentService({ pinpadDelayMs: 600_000 });
  const { db } = service.app.ctx;
  const users = new UsersRepository(db);
  const now = new Date();
  await db.write(async (tx) => {
    await users.create(
      tx,
      {
        organizationId: DEMO.organizationId,
        username: 'storefront',
        role: 'integration',
        passwordHash: hashPasswordSync('storefront-pw-1'),
      },
      now,
    );
    outsiderOrg = (await new OrganizationRepository(db).create(tx, 'Other Holdings', now)).id;
    await users.create(
      tx,
      {
        organizationId: outsiderOrg,
        username: 'other-admin',
        role: 'admin',
        passwordHash: hashPasswordSync('other-admin-pw-1'),
      },
      now,
    );
  });
  integration = await login(service.app, 'storefront', 'storefront-pw-1');
  outsider = await login(service.app, 'other-admin', 'other-admin-pw-1');
  const opened = await session(service, service.tokens.admin, {
    channel: 'ecommerce',
    originalAmount: 1500,
    referenceNumber: 'PERM-1',
  });
  demoSessionId = opened.sessionId;
  demoPaymentId = (
    await pay(service, service.tokens.admin, demoSessionId, { paymentMethod: 'Credit', card: GOOD_CARD })
  ).json().payment.id;
});
afterAll(() => service.close());

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  service.request({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k-1' } } : {}),
    ...(payload ? { payload } : {}),
  });

describe('401 without a valid token', () => {
  it.each([
    ['GET', `/v2.0/payments/config?entityId=${DEMO.organizationId}&channel=pos`],
    ['POST', '/v2.0/payments/sessions'],
    ['GET', '/v2.0/payments?dispensaryShortName=demo'],
    ['GET', '/v2.0/payments/summary?dispensaryShortName=demo'],
  ] as const)('%s %s', async (method, url) => {
    const body = method === 'POST' ? {} : undefined;
    const none = await call(method, url, undefined, body);
    expect([none.statusCode, none.json().resultReason]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await call(method, url, 'spt_forged', body)).statusCode).toBe(401);
  });

  it('on session routes too', async () => {
    expect((await call('GET', `/v2.0/payments/sessions/${demoSessionId}`)).statusCode).toBe(401);
    expect(
      (await call('POST', `/v2.0/payments/sessions/${demoSessionId}/payments`, undefined, { paymentMethod: 'Credit' }))
        .statusCode,
    ).toBe(401);
    expect((await call('POST', `/v2.0/payments/sessions/${demoSessionId}/cancel`)).statusCode).toBe(401);
    expect((await call('POST', `/v2.0/payments/${demoPaymentId}/void`)).statusCode).toBe(401);
  });
});

describe('403 for a role without the permission', () => {
  it('the cashier may take card and cash payments but not ACH invoices, voids or refunds', async () => {
    const ticket = await createTicket(service, 1, 0);
    const opened = await session(service, service.tokens.cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect((await pay(service, service.tokens.cashier, opened.sessionId, { paymentMethod: 'ACH' })).statusCode).toBe(
      403,
    );
    const voided = await call('POST', `/v2.0/payments/${demoPaymentId}/void`, service.tokens.cashier);
    expect([voided.statusCode, voided.json().resultDetail]).toEqual([
      403,
      'the cashier role does not have the payment:refund permission',
    ]);
    expect((await call('POST', `/v2.0/payments/${demoPaymentId}/refund`, service.tokens.cashier, {})).statusCode).toBe(
      403,
    );
  });

  it('the pole display opens card sessions and cancels them, but cannot refund', async () => {
    const ticket = await createTicket(service, 1, 1);
    const opened = await openSession(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().session.sessionId;
    expect((await pay(service, service.tokens.display, id, { paymentMethod: 'Credit' })).statusCode).toBe(202);
    expect((await call('POST', `/v2.0/payments/sessions/${id}/cancel`, service.tokens.display)).statusCode).toBe(200);
    expect((await call('POST', `/v2.0/payments/${demoPaymentId}/refund`, service.tokens.display, {})).statusCode).toBe(
      403,
    );
  });

  it('an integration (partner) sends ACH invoices and cancels them, but may not refund', async () => {
    const opened = await session(service, integration, {
      channel: 'virtual_terminal',
      originalAmount: 2500,
      referenceNumber: 'PERM-2',
    });
    expect((await pay(service, integration, opened.sessionId, { paymentMethod: 'ACH' })).statusCode).toBe(202);
    const cancel = await call('POST', `/v2.0/payments/sessions/${opened.sessionId}/cancel`, integration);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refund = await call('POST', `/v2.0/payments/${demoPaymentId}/refund`, integration, {});
    expect([refund.statusCode, refund.json().resultDetail]).toEqual([
      403,
      'the integration role does not have the payment:refund permission',
    ]);
  });
});

describe('403 for a token of another entity', () => {
  it('refuses its sessions, configuration, payments and reports', async () => {
    const foreign = await openSession(service, outsider, { channel: 'ecommerce', originalAmount: 1000 });
    expect([foreign.statusCode, foreign.json().resultDetail]).toEqual([
      403,
      'entityId is not the entity (organization) of your token',
    ]);
    const config = await call('GET', `/v2.0/payments/config?entityId=${DEMO.organizationId}&channel=pos`, outsider);
    expect(config.statusCode).toBe(403);
    expect((await call('GET', `/v2.0/payments/sessions/${demoSessionId}`, outsider)).statusCode).toBe(403);
    expect(
      (
        await call('POST', `/v2.0/payments/sessions/${demoSessionId}/payments`, outsider, {
          paymentMethod: 'Credit',
          card: GOOD_CARD,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('POST', `/v2.0/payments/sessions/${demoSessionId}/cancel`, outsider)).statusCode).toBe(403);
    expect((await call('GET', '/v2.0/payments?dispensaryShortName=demo', outsider)).statusCode).toBe(403);
    expect((await call('POST', `/v2.0/payments/${demoPaymentId}/void`, outsider)).statusCode).toBe(403);
    // Its own entity works, with nothing configured yet.
    const own = await openSession(service, outsider, {
      entityId: outsiderOrg,
      channel: 'ecommerce',
      originalAmount: 1000,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().session.methods).toEqual([]);
  });
});
