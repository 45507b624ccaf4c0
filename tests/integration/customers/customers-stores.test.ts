import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { login, testApp } from '../support/demo-service.js';

// Two stores of one chain on one database: each has its own customers. A customer of `demo` is
// neither found, read, changed nor recognised from a scan at `demo-2`, even by its id, and the same
// person may be a customer of both.
let app: Awaited<ReturnType<typeof testApp>>;
const headers: Record<string, Record<string, string>> = {};
const person = samplePerson({ idNumber: 'S9990001' });
const body = {
  firstName: 'Maria',
  lastName: 'Garcia',
  dateOfBirth: person.dateOfBirth,
  idType: 'drivers_licence',
  idNumber: person.idNumber,
  idJurisdiction: 'CA',
  idExpiry: person.expiry,
  customerType: 'adult_use',
};

const send = (store: 'demo' | 'demo-2', method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  app.inject({
    method,
    url: `/v2.0/dispensary/${store}/customers${path}`,
    headers: headers[store],
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  app = await testApp();
  await loadDemoData(app.ctx.db, new Date(), { stores: 2 });
  headers.demo = { authorization: `Bearer ${await login(app, 'cashier', 'cashier-demo-1')}` };
  headers['demo-2'] = { authorization: `Bearer ${await login(app, 'cashier-2', 'cashier-demo-1')}` };
}, 60_000);
afterAll(() => app.close());

describe("a store's customers are its own", () => {
  it('keeps demo’s customer from demo-2, which may have the same person as its own customer', async () => {
    const mine = await send('demo', 'POST', '', body);
    expect(mine.statusCode, mine.body).toBe(201);
    const { id } = mine.json().customer;

    // Through its own path, demo-2 reaches only its own customers: demo's id is unknown there.
    expect((await send('demo-2', 'GET', `/${id}`)).statusCode).toBe(404);
    expect((await send('demo-2', 'PATCH', `/${id}`, { phone: '916 555 0000' })).statusCode).toBe(404);
    expect((await send('demo-2', 'GET', `/${id}/verification`)).statusCode).toBe(404);
    expect((await send('demo-2', 'GET', `/${id}/allowance`)).statusCode).toBe(404);
    expect((await send('demo-2', 'GET', '?q=garcia')).json().customers).toEqual([]);
    const scanned = await send('demo-2', 'POST', '/from-id', { scanned: aamvaPayload(person) });
    expect(scanned.json().existing).toBeNull();
    // …and through demo's path it is refused.
    const across = await app.inject({
      method: 'GET',
      url: `/v2.0/dispensary/demo/customers/${id}`,
      headers: headers['demo-2'],
    });
    expect(across.statusCode).toBe(403);
    const acrossAllowance = await app.inject({
      method: 'GET',
      url: `/v2.0/dispensary/demo/customers/${id}/allowance`,
      headers: headers['demo-2'],
    });
    expect(acrossAllowance.statusCode).toBe(403);

    const theirs = await send('demo-2', 'POST', '', body);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().customer.id).not.toBe(id);
    expect((await send('demo', 'GET', `/${id}`)).json().customer).toEqual(mine.json().customer);
  });
});
