import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import { login, testApp } from '../support/demo-service.js';

// One profile per person at a store (README "Customers"), over real HTTP on the engine under test:
// a new or changed customer whose phone or email another customer of the store has is refused,
// naming that customer by first name and last initial, and nothing is written.
let app: Awaited<ReturnType<typeof testApp>>;
const headers: Record<string, Record<string, string>> = {};
const URL = (store: string) => `/v2.0/dispensary/${store}/customers`;

const send = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, store = 'demo') =>
  app.inject({ method, url: `${URL(store)}${path}`, headers: headers[store], ...(payload ? { payload } : {}) });

const person = (overrides: Partial<NewCustomer>): NewCustomer => ({
  firstName: 'Jane',
  lastName: 'Doe',
  dateOfBirth: '1988-03-04',
  idType: 'drivers_licence',
  idNumber: 'J1000001',
  idJurisdiction: 'CA',
  idExpiry: '2099-03-04',
  customerType: 'adult_use',
  ...overrides,
});

async function add(overrides: Partial<NewCustomer>, store = 'demo'): Promise<Customer> {
  const answer = await send('POST', '', person(overrides), store);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

const named = async (q: string) =>
  (await send('GET', `?q=${encodeURIComponent(q)}`)).json<{ customers: Customer[] }>().customers;

let jane: Customer;
const PHONE_TAKEN =
  'phone is on file already: Jane D. has (916) 555-0100 — open their profile instead, or use another number';
const EMAIL_TAKEN =
  'email is on file already: Jane D. has Jane.Doe@Example.com — open their profile instead, or use another address';

beforeAll(async () => {
  app = await testApp();
  await loadDemoData(app.ctx.db, new Date(), { stores: 2 });
  headers.demo = { authorization: `Bearer ${await login(app, 'cashier', 'cashier-demo-1')}` };
  headers['demo-2'] = { authorization: `Bearer ${await login(app, 'cashier-2', 'cashier-demo-1')}` };
  jane = await add({ phone: '(916) 555-0100', email: 'Jane.Doe@Example.com' });
}, 60_000);
afterAll(() => app.close());

describe('one customer per phone and per email at a store', () => {
  it('refuses a second customer with the phone in another spelling, naming the holder by first name and initial', async () => {
    const again = await send(
      'POST',
      '',
      person({ firstName: 'Janet', idNumber: 'J2000002', phone: '+1 916.555.0100' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail: PHONE_TAKEN,
      details: { customerId: jane.id },
    });
    // Nothing written: no Janet, and no audit event of her.
    expect(await named('janet')).toEqual([]);
    const manager = await login(app, 'manager', 'manager-demo-1');
    const trail = await app.inject({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${manager}` },
    });
    const reasons = trail.json<{ events: { reason: string }[] }>().events.map((event) => event.reason);
    expect(reasons.filter((reason) => reason.startsWith('Janet'))).toEqual([]);
  });

  it('refuses the email in any case and with spaces around it', async () => {
    const again = await send(
      'POST',
      '',
      person({ firstName: 'Janet', idNumber: 'J2000002', email: ' jane.DOE@example.COM ' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resultDetail: EMAIL_TAKEN, details: { customerId: jane.id } });
    expect(await named('janet')).toEqual([]);
  });

  it('says the ID first when the same ID comes with the same phone: the same person', async () => {
    const again = await send('POST', '', person({ phone: '9165550100' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      resultDetail: 'idNumber is on file already: Jane Doe, born March 4, 1988, has CA ID J1000001',
      details: { customerId: jane.id },
    });
  });

  it("refuses a change to another customer's phone or email, and writes nothing of it", async () => {
    const sam = await add({ firstName: 'Sam', lastName: 'Okafor', idNumber: 'S3000003', phone: '916 555 0177' });
    const phone = await send('PATCH', `/${sam.id}`, { phone: '916-555-0100', notes: 'moved' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toMatchObject({ resultDetail: PHONE_TAKEN, details: { customerId: jane.id } });
    const email = await send('PATCH', `/${sam.id}`, { email: 'JANE.DOE@EXAMPLE.COM' });
    expect(email.json()).toMatchObject({ resultReason: 'CONFLICT', resultDetail: EMAIL_TAKEN });
    const read = await send('GET', `/${sam.id}`);
    expect(read.json().customer).toEqual(sam);
  });

  it('takes a change of a customer who keeps their own phone and email, in any spelling', async () => {
    const kept = await send('PATCH', `/${jane.id}`, {
      phone: '+1 (916) 555-0100',
      email: 'jane.doe@example.com',
      notes: 'Prefers texts',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().customer).toMatchObject({ phone: '9165550100', email: 'jane.doe@example.com' });
    jane = kept.json().customer;
  });

  it('lets the same phone be a customer of another store, and customers have no phone or email alike', async () => {
    await add({ idNumber: 'J1000001', phone: '(916) 555-0100', email: 'jane.doe@example.com' }, 'demo-2');
    await add({ firstName: 'Noel', lastName: 'Phone', idNumber: 'N4000004', phone: null, email: null });
    await add({ firstName: 'Nina', lastName: 'Phone', idNumber: 'N4000005', phone: null, email: null });
  });

  it('keeps customers who shared a phone from before, each of them still changed without giving it up', async () => {
    const twin = await add({ firstName: 'Tom', lastName: 'Twin', idNumber: 'T5000006', phone: '916 555 0199' });
    const { db } = app.ctx;
    const row = await db.first(db.builder.selectFrom('customers').selectAll().where('id', '=', twin.id));
    const before = '2020-01-01T00:00:00.000Z';
    const older = { ...row!, id: crypto.randomUUID(), first_name: 'Tim', id_number: 'T5000007', created_at: before };
    await db.write((tx) => tx.run(db.builder.insertInto('customers').values(older)));
    for (const id of [twin.id, older.id]) {
      const changed = await send('PATCH', `/${id}`, { notes: 'Twins' });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    expect((await named('9165550199')).map((customer) => customer.firstName).sort()).toEqual(['Tim', 'Tom']);
    // A third is refused, naming the first added of them.
    const third = await send('POST', '', person({ firstName: 'Ted', idNumber: 'T5000008', phone: '916 555 0199' }));
    expect(third.json()).toMatchObject({ resultReason: 'CONFLICT', details: { customerId: older.id } });
  });

  it('adds one customer when several registers add one phone at once', async () => {
    const answers = await Promise.all(
      ['Ivy', 'Ivan', 'Iris', 'Ines', 'Ida'].map((firstName, index) =>
        send('POST', '', person({ firstName, lastName: 'Race', idNumber: `R600000${index}`, phone: '916 555 0166' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json<{ customer: Customer }>().customer;
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) {
      expect(answer.json().resultDetail).toBe(
        `phone is on file already: ${winner.firstName} R. has (916) 555-0166 — open their profile instead, or use another number`,
      );
    }
    expect(await named('race')).toHaveLength(1);
  });
});
