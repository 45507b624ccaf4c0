import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import { ApiClientsRepository } from '../../../electron/server/auth/api-clients-repository.js';
import { hashPasswordSync } from '../../../electron/server/auth/passwords.js';
import { UsersRepository } from '../../../electron/server/auth/users-repository.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { newDispensary } from '../../fixtures/catalog/test-store.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, login, testApp } from '../support/demo-service.js';
import { registerAuthorization } from '../support/registers.js';

// A chain on one database: store `demo` of Green Valley, its sister store `demo-2` (same
// organization), and `other` of another organization. Staff and API clients of `demo-2`, and the
// other organization's admin, try every endpoint on `demo`'s order, payment, session and display:
// each is refused (403 or 404), and nothing of `demo` changes.
let app: FastifyInstance;
const target = {
  orderId: '',
  orderNumber: '',
  paymentId: '',
  sessionId: '',
  pinPadId: '',
  taxClass: '',
  rateName: '',
  endpointId: '',
  deliveryId: '',
  customerId: '',
  stateRecordId: '',
  registerId: '',
  productId: '',
  packageId: '',
  dealId: '',
};
type Actor = { name: string; token: string; client: Record<string, string> };
const actors: Actor[] = [];

const call = (actor: Actor | undefined, method: string, url: string, payload?: unknown) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(actor ? { authorization: `Bearer ${actor.token}`, ...actor.client } : DEMO_CLIENT),
      'idempotency-key': randomUUID(),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  app = await testApp({ pinpadDelayMs: 60_000 });
  const { db } = app.ctx;
  const now = new Date();
  await loadDemoData(db, now, { stores: 2 });
  const sister = (await new DispensaryRepository(db).findByShortName('demo-2'))!;
  const other = await db.write(async (tx) => {
    const organization = await new OrganizationRepository(db).create(tx, 'Other Holdings', now);
    await new DispensaryRepository(db).create(tx, newDispensary(organization.id, { shortName: 'other' }), now);
    await new UsersRepository(db).create(
      tx,
      {
        organizationId: organization.id,
        username: 'other-admin',
        role: 'admin',
        passwordHash: hashPasswordSync('other-pw-1'),
      },
      now,
    );
    return organization;
  });
  const clients = new ApiClientsRepository(db);
  const issue = (organizationId: string, dispensaryId: string | null) =>
    db.write((tx) => clients.issue(tx, { organizationId, dispensaryId, name: `client ${randomUUID()}` }, now));
  const sisterClient = await issue(DEMO.organizationId, sister.id);
  const otherClient = await issue(other.id, null);
  const credentials = (issued: { clientId: string; clientSecret: string }) => ({
    client_id: issued.clientId,
    client_secret: issued.clientSecret,
  });
  actors.push(
    {
      name: 'demo-2 cashier',
      token: await login(app, 'cashier-2', 'cashier-demo-1'),
      client: credentials(sisterClient),
    },
    {
      name: 'demo-2 manager',
      token: await login(app, 'manager-2', 'manager-demo-1'),
      client: credentials(sisterClient),
    },
    {
      name: 'demo-2 display',
      token: await login(app, 'display-2', 'display-demo-1'),
      client: credentials(sisterClient),
    },
    {
      name: "other organization's admin",
      token: await login(app, 'other-admin', 'other-pw-1'),
      client: credentials(otherClient),
    },
  );

  // demo’s order with a cash payment of half its total, and its display.
  const owner: Actor = {
    name: 'demo manager',
    token: await login(app, 'manager', 'manager-demo-1'),
    client: DEMO_CLIENT,
  };
  const endpoint = await call(owner, 'POST', '/v2.0/dispensary/demo/setup/webhooks', {
    url: 'http://127.0.0.1:9/hooks',
    events: ['order.created'],
    allowLocal: true,
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  target.endpointId = endpoint.json().endpoint.id;
  const [product] = await products(app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
  target.productId = product!.id;
  target.packageId = product!.packageId;
  const created = await call(owner, 'POST', '/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId: product!.id, quantity: 2 }],
  });
  expect(created.statusCode, created.body).toBe(201);
  Object.assign(target, { orderId: created.json().orderId, orderNumber: created.json().orderNumber });
  const total = Math.round(Number(created.json().total) * 100);
  const opened = await call(owner, 'POST', '/v2.0/payments/sessions', {
    entityId: DEMO.organizationId,
    channel: 'pos',
    ticketAlphaNumId: target.orderNumber,
    originalAmount: total,
  });
  target.sessionId = opened.json().session.sessionId;
  const cash = await app.inject({
    method: 'POST',
    url: `/v2.0/payments/sessions/${target.sessionId}/payments`,
    headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': randomUUID() },
    payload: { paymentMethod: 'Cash', amount: Math.floor(total / 2), tenderedAmount: total },
  });
  expect(cash.statusCode, cash.body).toBe(201);
  target.paymentId = cash.json().payment.id;
  const shown = await call(owner, 'PUT', '/v2.0/dispensary/demo/display/front-1', { phase: 'idle' });
  expect(shown.statusCode, shown.body).toBe(200);
  const log = await call(owner, 'GET', '/v2.0/dispensary/demo/setup/webhooks/deliveries');
  target.deliveryId = log.json().deliveries[0].id;
  const pinPads = await call(owner, 'GET', '/v2.0/dispensary/demo/setup/pin-pads');
  target.pinPadId = pinPads.json().pinPads[0].id;
  const taxClass = (await call(owner, 'GET', '/v2.0/dispensary/demo/setup/tax-classes')).json().taxClasses[0];
  Object.assign(target, { taxClass: taxClass.code, rateName: taxClass.rates[0].name });
  const customer = await call(owner, 'POST', '/v2.0/dispensary/demo/customers', CUSTOMER);
  expect(customer.statusCode, customer.body).toBe(201);
  target.customerId = customer.json().customer.id;
  // demo reports to the state (not sent anywhere: off), and a paid order left a failed record.
  const reporting = await call(owner, 'PUT', '/v2.0/dispensary/demo/setup/state-reporting', {
    baseUrl: 'https://state.example.com',
    licenseNumber: 'C10-0000001-LIC',
    vendorKey: 'vendor-key-0001',
    userKey: 'user-key-0001',
  });
  expect(reporting.statusCode, reporting.body).toBe(200);
  target.stateRecordId = await failedStateRecord(owner);
  // demo's register attached to the store server: another store may neither see, enroll nor revoke one.
  const register = await call(owner, 'POST', '/v2.0/dispensary/demo/setup/registers', { name: 'front-1' });
  expect(register.statusCode, register.body).toBe(200);
  target.registerId = register.json().register.registerId;
  // demo's count 1, one package counted: another store may neither read, enter, pause, cancel nor apply it.
  const count = await call(owner, 'POST', '/v2.0/dispensary/demo/setup/inventory/counts', { name: 'Vault' });
  expect(count.statusCode, count.body).toBe(200);
  const entry = await call(owner, 'POST', '/v2.0/dispensary/demo/setup/inventory/counts/1/entries', {
    package: target.packageId,
    quantity: 1,
  });
  expect(entry.statusCode, entry.body).toBe(200);
  // demo's deal: another store may neither read, change nor archive it.
  const deal = await call(owner, 'POST', '/v2.0/dispensary/demo/setup/deals', {
    name: 'Wednesday edibles',
    kind: 'percent',
    percent: 20,
    scope: { productIds: [], brands: [], categories: ['EDIBLE'], tags: [] },
  });
  expect(deal.statusCode, deal.body).toBe(200);
  target.dealId = deal.json().deal.id;
  setupBefore = await setupOf(owner);
}, 60_000);

/** A paid order of demo's, whose state record is marked failed: another store may not retry it. */
async function failedStateRecord(owner: Actor): Promise<string> {
  const [product] = await products(
    app,
    "p.deli = 0 AND p.type <> 'ACCESSORY' AND k.on_hand_milli - k.reserved_milli >= 5000",
  );
  const created = await call(owner, 'POST', '/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId: product!.id, quantity: 1 }],
  });
  const total = Math.round(Number(created.json().total) * 100);
  const opened = await call(owner, 'POST', '/v2.0/payments/sessions', {
    entityId: DEMO.organizationId,
    channel: 'pos',
    ticketAlphaNumId: created.json().orderNumber,
    originalAmount: total,
  });
  const paid = await call(owner, 'POST', `/v2.0/payments/sessions/${opened.json().session.sessionId}/payments`, {
    paymentMethod: 'Cash',
    tenderedAmount: total,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const records = await call(owner, 'GET', '/v2.0/dispensary/demo/setup/state-reporting/records');
  const [record] = records.json().records;
  await app.ctx.db.write((tx) =>
    tx.run(app.ctx.db.builder.updateTable('state_receipts').set({ status: 'failed' }).where('id', '=', record.id)),
  );
  return record.id;
}

/** demo's customer: another store may neither find, read nor change them. */
const CUSTOMER = {
  firstName: 'Maria',
  lastName: 'Garcia',
  dateOfBirth: '1990-01-15',
  idType: 'drivers_licence',
  idNumber: 'D1234567',
  idJurisdiction: 'CA',
  idExpiry: '2030-01-15',
  customerType: 'adult_use',
};

/** What demo's own manager sees of its setup: nothing of it may change through another store. */
let setupBefore: unknown[] = [];
const SETUP_READS = [
  'store',
  'tax-classes',
  'locations',
  'processors',
  'payment-methods',
  'pin-pads',
  'api-clients',
  'webhooks',
  'webhooks/deliveries',
  'state-reporting',
  'state-reporting/records',
  'registers',
  'products?limit=200',
  'products?archived=true',
  'inventory/adjustments',
  'inventory/counts',
  'deals',
];
const setupOf = (owner: Actor) =>
  Promise.all(
    SETUP_READS.map(async (what) => (await call(owner, 'GET', `/v2.0/dispensary/demo/setup/${what}`)).json()),
  );
afterAll(() => app.close());

/** The register routes (its own credentials) that name an order: tried by a register of another store. */
const REGISTER_OPERATIONS = [
  'POST /v2.0/register/pickup/{orderId}/cancel',
  'POST /v2.0/register/pickup/{orderId}/give-back',
  'POST /v2.0/register/pickup/{orderId}/lend',
  'POST /v2.0/register/pickup/{orderId}/status',
];

/** Every operation that reaches a store's order, payment, session or display, with a valid request. */
const attempts = (): { operation: string; method: string; url: string; body?: unknown }[] => {
  const store = '/v2.0/dispensary/demo';
  const ticket = `${store}/ecommerce/ticket`;
  const session = `/v2.0/payments/sessions/${target.sessionId}`;
  const items = [{ productId: randomUUID(), quantity: 1 }];
  return [
    { operation: 'GET /v2.0/dispensary/{dispensaryShortName}', method: 'GET', url: store },
    { operation: 'GET /v2.0/dispensary/{dispensaryShortName}/catalog', method: 'GET', url: `${store}/catalog` },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/catalog/categories',
      method: 'GET',
      url: `${store}/catalog/categories`,
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket',
      method: 'POST',
      url: ticket,
      body: { type: 'PICKUP', items },
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/quote',
      method: 'POST',
      url: `${ticket}/quote`,
      body: { type: 'PICKUP', items },
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}',
      method: 'GET',
      url: `${ticket}/${target.orderId}`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/by-number/{orderNumber}',
      method: 'GET',
      url: `${ticket}/by-number/${target.orderNumber}`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/order-lookup/{orderNumber}',
      method: 'GET',
      url: `${store}/ecommerce/order-lookup/${target.orderNumber}`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/history',
      method: 'GET',
      url: `${ticket}/${target.orderId}/history`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/tickets',
      method: 'GET',
      url: `${store}/ecommerce/tickets`,
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/lend',
      method: 'POST',
      url: `${ticket}/${target.orderId}/lend`,
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/give-back',
      method: 'POST',
      url: `${ticket}/${target.orderId}/give-back`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/hand-over-check',
      method: 'GET',
      url: `${ticket}/${target.orderId}/hand-over-check`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/deals',
      method: 'GET',
      url: `${store}/ecommerce/deals`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/pickup-queue',
      method: 'GET',
      url: `${store}/ecommerce/pickup-queue`,
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/ecommerce/pickup/ready-over-a-day',
      method: 'GET',
      url: `${store}/ecommerce/pickup/ready-over-a-day`,
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/cancel',
      method: 'POST',
      url: `${ticket}/${target.orderId}/cancel`,
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/status',
      method: 'POST',
      url: `${ticket}/${target.orderId}/status`,
      body: { status: 'IN_PROCESS' },
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/ecommerce/ticket/{orderId}/lines',
      method: 'POST',
      url: `${ticket}/${target.orderId}/lines`,
      body: { changes: [{ lineIndex: 1, quantity: 1 }] },
    },
    { operation: 'GET /v2.0/dispensary/{dispensaryShortName}/live', method: 'GET', url: `${store}/live?topics=orders` },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/display/{terminalId}',
      method: 'GET',
      url: `${store}/display/front-1`,
    },
    {
      operation: 'PUT /v2.0/dispensary/{dispensaryShortName}/display/{terminalId}',
      method: 'PUT',
      url: `${store}/display/front-1`,
      body: { phase: 'idle' },
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/display/{terminalId}/outcome',
      method: 'POST',
      url: `${store}/display/front-1/outcome`,
      body: { orderId: target.orderId, outcome: 'canceled' },
    },
    ...drawerAttempts(`${store}/drawers/front-1`),
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/registers/{terminalId}/printer/print',
      method: 'POST',
      url: `${store}/registers/front-1/printer/print`,
      body: { receipt: { orderId: target.orderId }, openDrawer: true },
    },
    {
      operation: 'POST /v2.0/dispensary/{dispensaryShortName}/registers/{terminalId}/printer/open-drawer',
      method: 'POST',
      url: `${store}/registers/front-1/printer/open-drawer`,
      body: { reason: 'Intruder' },
    },
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/orders/{orderId}/receipt',
      method: 'GET',
      url: `${store}/orders/${target.orderId}/receipt?reprint=1`,
    },
    // The reports (issue 32): every one reads the store's sales, stock or taxes.
    ...['summary', 'sales', 'tax', 'inventory-value'].map((report) => ({
      operation: `GET /v2.0/dispensary/{dispensaryShortName}/reports/${report}`,
      method: 'GET',
      url: `${store}/reports/${report}?from=2026-01-01&to=2026-01-31`,
    })),
    {
      operation: 'GET /v2.0/dispensary/{dispensaryShortName}/drawers/shifts',
      method: 'GET',
      url: `${store}/drawers/shifts`,
    },
    {
      operation: 'POST /v2.0/payments/sessions',
      method: 'POST',
      url: '/v2.0/payments/sessions',
      body: {
        entityId: DEMO.organizationId,
        channel: 'pos',
        ticketAlphaNumId: target.orderNumber,
        originalAmount: 100,
      },
    },
    { operation: 'GET /v2.0/payments/sessions/{id}', method: 'GET', url: session },
    { operation: 'GET /v2.0/payments/sessions/{id}/events', method: 'GET', url: `${session}/events` },
    {
      operation: 'POST /v2.0/payments/sessions/{id}/select',
      method: 'POST',
      url: `${session}/select`,
      body: { option: 'Cash' },
    },
    { operation: 'POST /v2.0/payments/sessions/{id}/cancel', method: 'POST', url: `${session}/cancel` },
    {
      operation: 'POST /v2.0/payments/sessions/{id}/payments',
      method: 'POST',
      url: `${session}/payments`,
      body: { paymentMethod: 'Cash', tenderedAmount: 100_000 },
    },
    { operation: 'GET /v2.0/payments', method: 'GET', url: '/v2.0/payments?dispensaryShortName=demo' },
    { operation: 'GET /v2.0/payments/summary', method: 'GET', url: '/v2.0/payments/summary?dispensaryShortName=demo' },
    {
      operation: 'POST /v2.0/payments/{paymentId}/void',
      method: 'POST',
      url: `/v2.0/payments/${target.paymentId}/void`,
    },
    {
      operation: 'POST /v2.0/payments/{paymentId}/present-card',
      method: 'POST',
      url: `/v2.0/payments/${target.paymentId}/present-card`,
    },
    {
      operation: 'POST /v2.0/payments/{paymentId}/refund',
      method: 'POST',
      url: `/v2.0/payments/${target.paymentId}/refund`,
      body: {},
    },
    {
      operation: 'GET /v2.0/ticket/{orderId}/refundable',
      method: 'GET',
      url: `/v2.0/ticket/${target.orderId}/refundable`,
    },
    {
      operation: 'GET /v2.0/ticket/{orderId}/refund-points',
      method: 'GET',
      url: `/v2.0/ticket/${target.orderId}/refund-points`,
    },
    ...setupAttempts(),
    ...customerAttempts(),
  ];
};

/** Every operation on demo's customers, with a valid request. */
const customerAttempts = (): { operation: string; method: string; url: string; body?: unknown }[] => {
  const customers = '/v2.0/dispensary/demo/customers';
  const op = (method: string, path: string, url: string, body?: unknown) => ({
    operation: `${method} /v2.0/dispensary/{dispensaryShortName}/customers${path}`,
    method,
    url: `${customers}${url}`,
    ...(body === undefined ? {} : { body }),
  });
  const one = `/${target.customerId}`;
  return [
    op('POST', '', '', { ...CUSTOMER, idNumber: 'X7777777' }),
    op('GET', '', '?q=garcia'),
    op('POST', '/from-id', '/from-id', { scanned: 'not a licence' }),
    op('POST', '/check', '/check', { ...CUSTOMER, idNumber: 'X7777778' }),
    op('GET', '/{id}', one),
    op('PATCH', '/{id}', one, { phone: '916 555 0000' }),
    op('GET', '/{id}/verification', `${one}/verification`),
    op('GET', '/{id}/orders', `${one}/orders`),
    op('GET', '/{id}/allowance', `${one}/allowance`),
    op('GET', '/{id}/loyalty', `${one}/loyalty`),
    op('POST', '/{id}/loyalty/adjustments', `${one}/loyalty/adjustments`, { points: 100, reason: 'Intruder' }),
    op('GET', '/rules', '/rules'),
  ];
};

/** Every operation on a register's cash drawer of demo, with a valid request. */
const drawerAttempts = (drawer: string): { operation: string; method: string; url: string; body?: unknown }[] => {
  const op = (method: string, path: string, body?: unknown) => ({
    operation: `${method} /v2.0/dispensary/{dispensaryShortName}/drawers/{terminalId}${path}`,
    method,
    url: `${drawer}${path.replace('{shiftId}', 'any-shift')}`,
    ...(body === undefined ? {} : { body }),
  });
  return [
    op('GET', ''),
    op('POST', '/open', { amount: 10000 }),
    op('POST', '/movements', { kind: 'paid_out', amount: 100, reason: 'Intruder' }),
    op('GET', '/x-report'),
    op('POST', '/close', { amount: 0 }),
    op('GET', '/shifts/{shiftId}'),
    op('POST', '/shifts/{shiftId}/count', { amount: 0 }),
  ];
};

/** Every store setup operation on demo, with a valid request. */
const setupAttempts = (): { operation: string; method: string; url: string; body?: unknown }[] => {
  const setup = '/v2.0/dispensary/demo/setup';
  const op = (method: string, path: string, url: string, body?: unknown) => ({
    operation: `${method} /v2.0/dispensary/{dispensaryShortName}/setup${path}`,
    method,
    url: `${setup}${url}`,
    ...(body === undefined ? {} : { body }),
  });
  const taxClass = `/tax-classes/${target.taxClass}`;
  const rate = { name: 'Intruder tax', percent: '50' };
  return [
    op('GET', '/store', '/store'),
    op('PUT', '/store', '/store', { name: 'Taken over' }),
    op('GET', '/state-profiles', '/state-profiles'),
    op('GET', '/tax-classes', '/tax-classes'),
    op('POST', '/tax-classes', '/tax-classes', { code: 'intruder', name: 'Intruder', rates: [rate] }),
    op('PUT', '/tax-classes/{code}/rates', `${taxClass}/rates`, rate),
    op('DELETE', '/tax-classes/{code}/rates/{rateName}', `${taxClass}/rates/${encodeURIComponent(target.rateName)}`),
    op('DELETE', '/tax-classes/{code}', taxClass),
    op('GET', '/locations', '/locations'),
    op('POST', '/locations', '/locations', { name: 'Back room' }),
    op('PUT', '/locations/{locationId}', `/locations/${DEMO.locationId}`, { name: 'Renamed' }),
    op('GET', '/processors', '/processors'),
    op('POST', '/processors', '/processors', { name: 'intruder-pay', kind: 'sandbox', isDefault: true }),
    op('POST', '/processors/{name}/default', '/processors/paynet/default', undefined),
    op('GET', '/payment-methods', '/payment-methods'),
    op('PUT', '/payment-methods', '/payment-methods', { processorName: 'sandbox', method: 'Cash', enabled: false }),
    op('GET', '/pin-pads', '/pin-pads'),
    op('POST', '/pin-pads', '/pin-pads', {
      name: 'Rogue',
      processorName: 'sandbox',
      model: 'P400',
      serialNumber: 'X-1',
    }),
    op('POST', '/pin-pads/{pinPadId}/disable', `/pin-pads/${target.pinPadId}/disable`),
    op('GET', '/staff', '/staff'),
    op('POST', '/staff', '/staff', { username: 'intruder', role: 'admin', password: 'intruder-pw-1' }),
    op('POST', '/staff/{username}/disable', '/staff/manager/disable'),
    op('POST', '/staff/{username}/enable', '/staff/manager/enable'),
    op('POST', '/staff/{username}/password', '/staff/manager/password', { password: 'taken-over-1' }),
    op('POST', '/staff/{username}/pin', '/staff/manager/pin', { pin: '4816' }),
    op('GET', '/api-clients', '/api-clients'),
    op('POST', '/api-clients', '/api-clients', { name: 'Intruder shop' }),
    op('POST', '/api-clients/{clientId}/disable', `/api-clients/${DEMO_CLIENT.client_id}/disable`),
    op('POST', '/catalog/import', '/catalog/import', { fileName: 'products.json', text: '[]' }),
    op('GET', '/webhooks', '/webhooks'),
    op('POST', '/webhooks', '/webhooks', { url: 'https://intruder.example.com/', events: ['order.paid'] }),
    op('POST', '/webhooks/{endpointId}/disable', `/webhooks/${target.endpointId}/disable`),
    op('POST', '/webhooks/{endpointId}/enable', `/webhooks/${target.endpointId}/enable`),
    op('POST', '/webhooks/{endpointId}/rotate-secret', `/webhooks/${target.endpointId}/rotate-secret`),
    op('GET', '/webhooks/deliveries', '/webhooks/deliveries'),
    op('POST', '/webhooks/deliveries/{deliveryId}/redeliver', `/webhooks/deliveries/${target.deliveryId}/redeliver`),
    op('GET', '/product-tags', '/product-tags'),
    op('GET', '/printers', '/printers'),
    op('PUT', '/printers/{terminalId}', '/printers/front-1', { address: 'tcp://203.0.113.9' }),
    op('DELETE', '/printers/{terminalId}', '/printers/front-1'),
    op('POST', '/printers/{terminalId}/test', '/printers/front-1/test'),
    op('GET', '/state-reporting', '/state-reporting'),
    op('PUT', '/state-reporting', '/state-reporting', { baseUrl: 'https://intruder.example.com', enabled: false }),
    op('GET', '/state-reporting/records', '/state-reporting/records'),
    op('GET', '/state-reporting/records.csv', '/state-reporting/records.csv'),
    op('POST', '/state-reporting/records/{recordId}/retry', `/state-reporting/records/${target.stateRecordId}/retry`),
    op(
      'POST',
      '/state-reporting/adjustments/{recordId}/retry',
      `/state-reporting/adjustments/${target.stateRecordId}/retry`,
    ),
    op(
      'POST',
      '/state-reporting/package-records/{recordId}/retry',
      `/state-reporting/package-records/${target.stateRecordId}/retry`,
    ),
    op('GET', '/registers', '/registers'),
    op('GET', '/registers/exceptions', '/registers/exceptions'),
    op('POST', '/registers', '/registers', { name: 'intruder-1' }),
    op('POST', '/registers/{registerId}/revoke', `/registers/${target.registerId}/revoke`),
    ...productAttempts(op),
    op('GET', '/inventory/reasons', '/inventory/reasons'),
    op('GET', '/inventory/adjustments', '/inventory/adjustments'),
    op('GET', '/inventory/value', '/inventory/value'),
    op('POST', '/inventory/adjustments', '/inventory/adjustments', {
      package: target.packageId,
      delta: -1,
      reason: 'waste',
    }),
    ...countAttempts(op),
    op('GET', '/deals', '/deals'),
    op('POST', '/deals', '/deals', { name: 'Intruder deal', kind: 'percent', percent: 99 }),
    op('GET', '/deals/{dealId}', `/deals/${target.dealId}`),
    op('PATCH', '/deals/{dealId}', `/deals/${target.dealId}`, { active: false }),
    op('DELETE', '/deals/{dealId}', `/deals/${target.dealId}`),
    op('GET', '/rooms', '/rooms'),
    op('POST', '/rooms', '/rooms', { name: 'Intruder vault', kind: 'storage' }),
    op('PATCH', '/rooms/{roomId}', '/rooms/any-room', { archived: true }),
    op('GET', '/products/{productId}/packages', `/products/${target.productId}/packages`),
    op('POST', '/inventory/moves', '/inventory/moves', { package: target.packageId, room: 'Vault' }),
    op('PATCH', '/inventory/packages/{package}', `/inventory/packages/${target.packageId}`, {
      expiresOn: '2027-01-01',
    }),
    op('POST', '/inventory/receipts/preview', '/inventory/receipts/preview', { format: 'csv', text: 'Package Label' }),
    op('POST', '/inventory/receipts', '/inventory/receipts', {
      manifest: {
        manifestNumber: 'M-1',
        shipperLicense: 'L-1',
        packages: [{ label: '1A4FF0100000022000009999', itemName: 'Intruder', quantity: 1, unit: 'each' }],
      },
      room: 'Vault',
      packages: [{ label: '1A4FF0100000022000009999', refused: 'Not ordered' }],
    }),
    op('POST', '/inventory/receipts/{receipt}/labels', '/inventory/receipts/any-receipt/labels', {}),
  ];
};

/** Every operation on demo's inventory counts, with a valid request (count 1 is demo's, started before). */
function countAttempts(op: (method: string, path: string, url: string, body?: unknown) => unknown) {
  return [
    op('POST', '/inventory/counts', '/inventory/counts', { name: 'Intruder count' }),
    op('GET', '/inventory/counts', '/inventory/counts'),
    op('GET', '/inventory/counts/{count}', '/inventory/counts/1'),
    op('POST', '/inventory/counts/{count}/entries', '/inventory/counts/1/entries', {
      package: target.packageId,
      quantity: 1,
    }),
    op('POST', '/inventory/counts/{count}/pause', '/inventory/counts/1/pause'),
    op('POST', '/inventory/counts/{count}/resume', '/inventory/counts/1/resume'),
    op('POST', '/inventory/counts/{count}/cancel', '/inventory/counts/1/cancel'),
    op('POST', '/inventory/counts/{count}/apply', '/inventory/counts/1/apply', {}),
  ] as ReturnType<typeof setupAttempts>;
}

/** Every operation on demo's products, with a valid request. */
function productAttempts(op: (method: string, path: string, url: string, body?: unknown) => unknown) {
  const one = `/products/${target.productId}`;
  return [
    op('GET', '/products', '/products?search=blue'),
    op('POST', '/products', '/products', {
      sku: 'INTRUDER-1',
      name: 'Intruder',
      type: 'FLOWER',
      priceCents: 1,
      taxClass: target.taxClass,
    }),
    op('GET', '/products/{productId}', one),
    op('PATCH', '/products/{productId}', one, { priceCents: 1 }),
    op('POST', '/products/{productId}/archive', `${one}/archive`),
    op('POST', '/products/{productId}/unarchive', `${one}/unarchive`),
    op('POST', '/products/{productId}/labels', `${one}/labels`, { kind: 'shelf' }),
    op('GET', '/products/{productId}/copy', `${one}/copy`),
    op('POST', '/products/{productId}/copy', `${one}/copy`, { to: ['demo-2'] }),
  ] as ReturnType<typeof setupAttempts>;
}

describe('one store of a chain cannot read or change another store’s orders through any endpoint', () => {
  it('covers every operation that names a store, an order, a payment or a session', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const scoped = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((operation) =>
          /\{(dispensaryShortName|orderId|orderNumber|paymentId|id)\}|\/payments(\/summary)?$|\/sessions$/.test(
            operation,
          ),
        ),
    );
    // A register's own routes take its credentials, not staff's: the register test below tries them.
    const staff = scoped.filter((operation) => !operation.includes(' /v2.0/register/'));
    expect(new Set(attempts().map((attempt) => attempt.operation))).toEqual(new Set(staff));
    expect(scoped.filter((operation) => !staff.includes(operation)).sort()).toEqual(REGISTER_OPERATIONS);
  });

  it.each(['demo-2 cashier', 'demo-2 manager', 'demo-2 display', "other organization's admin"])(
    'refuses the %s everywhere, and demo’s order, payment and display stay as they were',
    async (name) => {
      const actor = actors.find((candidate) => candidate.name === name)!;
      for (const attempt of attempts()) {
        const answer = await call(actor, attempt.method, attempt.url, attempt.body);
        expect([403, 404], `${name}: ${attempt.method} ${attempt.url} → ${answer.statusCode} ${answer.body}`).toContain(
          answer.statusCode,
        );
      }
      const owner = { name: 'demo', token: await login(app, 'manager', 'manager-demo-1'), client: DEMO_CLIENT };
      const order = await call(owner, 'GET', `/v2.0/dispensary/demo/ecommerce/ticket/${target.orderId}`);
      expect(order.json().status).toBe('AWAITING_PROCESSING');
      const session = await call(owner, 'GET', `/v2.0/payments/sessions/${target.sessionId}`);
      expect(session.json().session).toMatchObject({ status: 'open' });
      expect(session.json().session.payments[0]).toMatchObject({ id: target.paymentId, status: 'approved' });
      expect(await setupOf(owner)).toEqual(setupBefore);
      const customers = await call(owner, 'GET', '/v2.0/dispensary/demo/customers');
      expect(customers.json().customers).toEqual([expect.objectContaining({ ...CUSTOMER, phone: null })]);
      const drawer = await call(owner, 'GET', '/v2.0/dispensary/demo/drawers/front-1');
      expect(drawer.json()).toMatchObject({ shift: null });
      expect(await login(app, 'manager', 'manager-demo-1')).toBeTruthy();
    },
  );

  it('refuses a register of demo-2 demo’s online orders: not listed, moved, canceled or lent', async () => {
    const manager2 = { name: 'demo-2 manager', token: await login(app, 'manager-2', 'manager-demo-1'), client: {} };
    const enrolled = await call(manager2, 'POST', '/v2.0/dispensary/demo-2/setup/registers', { name: 'front-9' });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { register, secret } = enrolled.json() as { register: { registerId: string }; secret: string };
    const basic = registerAuthorization(register.registerId, secret);
    const asRegister = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization: basic }, ...(payload ? { payload } : {}) });
    const queue = await asRegister('GET', '/v2.0/register/pickup-queue');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().orders.map((order: { orderId: string }) => order.orderId)).not.toContain(target.orderId);
    const moved = await asRegister('POST', `/v2.0/register/pickup/${target.orderId}/status`, {
      status: 'IN_PROCESS',
      cashier: 'cashier-2',
    });
    expect(moved.statusCode, moved.body).toBe(404);
    const canceled = await asRegister('POST', `/v2.0/register/pickup/${target.orderId}/cancel`, {
      cashier: 'cashier-2',
    });
    expect(canceled.statusCode, canceled.body).toBe(404);
    for (const loan of ['lend', 'give-back']) {
      const lent = await asRegister('POST', `/v2.0/register/pickup/${target.orderId}/${loan}`, {
        cashier: 'cashier-2',
      });
      expect(lent.statusCode, lent.body).toBe(404);
    }
    const owner = { name: 'demo', token: await login(app, 'manager', 'manager-demo-1'), client: DEMO_CLIENT };
    const order = await call(owner, 'GET', `/v2.0/dispensary/demo/ecommerce/ticket/${target.orderId}`);
    expect(order.json()).toMatchObject({ status: 'AWAITING_PROCESSING', fulfillmentStatus: 'AWAITING_PROCESSING' });
  });

  it('lets each store’s own staff do the same, so the refusals above are about the store', async () => {
    const own = {
      name: 'demo-2 cashier',
      token: await login(app, 'cashier-2', 'cashier-demo-1'),
      client: actors[0]!.client,
    };
    const listed = await call(own, 'GET', '/v2.0/dispensary/demo-2/ecommerce/tickets');
    expect(listed.statusCode, listed.body).toBe(200);
    const catalog = await call(own, 'GET', '/v2.0/dispensary/demo-2/catalog?limit=1');
    expect(catalog.statusCode, catalog.body).toBe(200);
    const manager = { ...own, token: await login(app, 'manager-2', 'manager-demo-1') };
    const products = await call(manager, 'GET', '/v2.0/dispensary/demo-2/setup/products?limit=1');
    expect(products.statusCode, products.body).toBe(200);
    expect(products.json().products).toHaveLength(1);
    // demo's order through demo-2's own path: not an order of that store.
    const receipt = await call(own, 'GET', `/v2.0/dispensary/demo-2/orders/${target.orderId}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(404);
  });
});
